import type { SessionSource } from '../domain/index.ts';
import {
  countObservations,
  findSession,
  lastResponseAt,
  latestSummary,
  indexEntries,
  type Db,
  type IndexEntry,
  type SummaryRow,
} from '../store/index.ts';

/** Whose context, and why it is asked for. */
export interface ContextRequest {
  project: string;
  /** Claude Code session id of the starting (or resumed, or compacted) session. */
  sessionId?: string | undefined;
  source: SessionSource;
  now: number;
  /** Only memories made by this coding agent (`context --agent`); default: every agent's. */
  agent?: string | undefined;
}

/** What the index shows, before ranking and the budget. */
export interface ContextData {
  project: string;
  /** `full` for startup/clear/compact (and a resume of an unknown session); else `resume`. */
  kind: 'full' | 'resume';
  summary: SummaryRow | undefined;
  /** The summary is this session's own (compact). */
  ownSummary: boolean;
  /** Candidates: pinned first, then newest. */
  entries: IndexEntry[];
  /** Observations of the project (after `since` on resume). */
  total: number;
  /** Resume: what the session has already seen ends here. */
  since?: number | undefined;
}

const PINNED_LIMIT = 20;

/** When a resumed session last answered; undefined when it is not known (treated as startup). */
function resumePoint(db: Db, request: ContextRequest): number | undefined {
  if (request.source !== 'resume' || !request.sessionId) return undefined;
  const session = findSession(db, request.sessionId);
  return session ? lastResponseAt(db, session.id) : undefined;
}

function summaryFor(db: Db, request: ContextRequest, since: number | undefined) {
  if (request.source === 'compact' && request.sessionId) {
    const session = findSession(db, request.sessionId);
    const own = session && latestSummary(db, request.project, session.id);
    if (own) return { summary: own, ownSummary: true };
  }
  const latest = latestSummary(db, request.project);
  const fresh = latest && (since === undefined || latest.created_at > since);
  return { summary: fresh ? latest : undefined, ownSummary: false };
}

/**
 * Reads what the context of `request` can show: the latest summary (this session's own after a
 * compaction), pinned and recent observations, and counts. A resume sees only what is newer
 * than the session's last response.
 */
export function selectContext(db: Db, request: ContextRequest, candidates: number): ContextData {
  const since = resumePoint(db, request);
  const query = { project: request.project, since, agent: request.agent, limit: candidates };
  return {
    project: request.project,
    kind: since === undefined ? 'full' : 'resume',
    ...summaryFor(db, request, since),
    entries: indexEntries(db, query, PINNED_LIMIT),
    total: countObservations(db, request.project, since, request.agent),
    since,
  };
}
