import { Hono } from 'hono';
import { resolveProject } from '../../config/index.ts';
import { buildContext, type ShownEntry } from '../../context/index.ts';
import { SESSION_SOURCES, isOneOf, type SessionSource } from '../../domain/index.ts';
import { findSession, pruneLedger, recordInjected, resetInjected } from '../../store/index.ts';
import type { AnchorRecall } from './anchor-recall.ts';
import { AppError } from '../errors.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { ContextQuerySchema } from './recall-input.ts';

/** The project asked for, else the session's recorded project, else the project of `cwd`. */
export function projectOf(
  deps: WorkerDeps,
  query: {
    project?: string | undefined;
    session_id?: string | undefined;
    cwd?: string | undefined;
  },
): string {
  if (query.project) return query.project;
  const session = query.session_id ? findSession(deps.db, query.session_id) : undefined;
  if (session) return session.project;
  if (query.cwd) return resolveProject(query.cwd).name;
  throw new AppError('BAD_REQUEST', 'cwd: give cwd, session_id or project');
}

/** The context's view of anchors: one state per candidate, checked against the caller's tree. */
export function anchorStatesOf(anchors: AnchorRecall, project: string, cwd: string | undefined) {
  return (ids: readonly number[]) => {
    const verdicts = anchors.verdicts(
      ids.map((id) => ({ id, project })),
      cwd,
    );
    return new Map([...verdicts].map(([id, verdict]) => [id, verdict.state]));
  };
}

/**
 * Records the index's observations as shown to the session: in the ledger, with each line's
 * tokens, and for prompt-time recall's "never twice". A new, cleared or compacted context starts the session's record afresh: the model no
 * longer holds what it was given before.
 */
function recordShown(
  deps: WorkerDeps,
  sessionId: string,
  source: SessionSource,
  shown: readonly ShownEntry[],
) {
  const now = deps.now();
  if (source !== 'resume') resetInjected(deps.db, sessionId, now);
  pruneLedger(deps.db, now);
  recordInjected(deps.db, { sessionId, moment: 'session-start', at: now, items: shown });
}

/**
 * GET /api/context?session_id&source&cwd[&project]: the SessionStart context (see
 * src/context). `claude-mem context` prints the same answer. In a folder whose team project
 * was never pulled, it first waits briefly for that pull (`teamFirstPull`, onboarding). An unknown `source` (a newer
 * Claude Code) is served as `startup`.
 */
export function contextRoutes(deps: WorkerDeps, anchors?: AnchorRecall): Hono {
  return new Hono().get('/api/context', async (c) => {
    const query = ContextQuerySchema.parse(c.req.query());
    const project = projectOf(deps, query);
    const cwd = query.cwd;
    if (cwd && deps.teamFirstPull) {
      // Only the folder of this very project: `context --project X` run elsewhere claims nothing.
      const firstPull = deps.teamFirstPull;
      const wait = () =>
        firstPull(project, () => {
          const folder = resolveProject(cwd);
          return folder.name === project ? folder.root : undefined;
        });
      // Not counted as a hook request while it waits: the pull lets hook requests pass first.
      await (deps.hookTraffic ? deps.hookTraffic.aside(wait) : wait());
    }
    const source = isOneOf(SESSION_SOURCES, query.source) ? query.source : 'startup';
    const built = buildContext(
      deps.db,
      { project, sessionId: query.session_id, source, now: deps.now(), agent: query.agent },
      {
        maxTokens: deps.settings['context.maxTokens'],
        maxObservations: deps.settings['context.maxObservations'],
        anchorStates: anchors && anchorStatesOf(anchors, project, query.cwd),
        learn: {
          sinkUnused: deps.settings['recall.sinkUnused'],
          renewUsed: deps.settings['recall.renewUsed'],
        },
      },
    );
    if (query.record === '1' && query.session_id)
      recordShown(deps, query.session_id, source, built.shown);
    deps.log.log(
      'debug',
      `context for ${source}: ${built.kind}, ${built.observations} observations, ${built.bytes} bytes`,
    );
    return c.json({
      context: built.text,
      project,
      source,
      kind: built.kind,
      observations: built.observations,
      bytes: built.bytes,
    });
  });
}
