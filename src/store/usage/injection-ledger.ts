import type { Db } from '../statements.js';
import type { InjectionMoment } from '../../domain/index.ts';
import { stmt } from '../statements.ts';
import { markInjected, type InjectMoment } from './recall-injected.ts';

/** One memory a moment put before the agent, and what its part of the text cost. */
export interface InjectedItem {
  id: number;
  tokens: number;
}

/** What one moment injected into one session. */
export interface Injection {
  sessionId: string;
  moment: InjectionMoment;
  at: number;
  items: readonly InjectedItem[];
  /** The prompt number; by default the session's current one. */
  turn?: number | undefined;
}

/** Ledger rows are history, kept long enough for `usage` to show a year by month. */
const KEEP_MS = 400 * 24 * 3600 * 1000;

// The moments that also feed "never twice in a session" (recall_injected).
const HELD: readonly InjectionMoment[] = ['session-start', 'prompt', 'file'];
const held = (moment: InjectionMoment): moment is InjectMoment => HELD.includes(moment);

/**
 * Records in the ledger what a moment injected, once per session, moment and memory (the
 * first time wins); a row for an id that is no observation is not written. The index and
 * prompt- and file-time recall are also marked as held by the session (recall_injected).
 */
export function recordInjected(db: Db, injection: Injection): void {
  const { sessionId, moment, at, items } = injection;
  if (items.length === 0) return;
  const turn =
    injection.turn ??
    (stmt(db, 'SELECT prompt_count FROM sessions WHERE session_id = ?').pluck().get(sessionId) as
      number | undefined) ??
    0;
  const insert = stmt(
    db,
    `INSERT OR IGNORE INTO injections (session_id, observation_id, moment, project, turn, tokens, at)
     SELECT ?, id, ?, project, ?, ?, ? FROM observations WHERE id = ?`,
  );
  db.transaction(() => {
    for (const item of items) insert.run(sessionId, moment, turn, item.tokens, at, item.id);
    if (held(moment))
      markInjected(
        db,
        sessionId,
        items.map(({ id }) => id),
        moment,
        at,
      );
  })();
}

/**
 * Dead-end warnings (PreToolUse, issue 35 with the supersession issue): the one call for the
 * warnings' moment, so the ledger counts them like any other injection.
 */
export function recordDeadEndWarnings(
  db: Db,
  sessionId: string,
  items: readonly InjectedItem[],
  at: number,
): void {
  recordInjected(db, { sessionId, moment: 'dead-end', at, items });
}

/** Splits a block's tokens evenly over the memories it holds (recall blocks list them alike). */
export function evenShares(ids: readonly number[], tokens: number): InjectedItem[] {
  const share = ids.length > 0 ? Math.ceil(tokens / ids.length) : 0;
  return ids.map((id) => ({ id, tokens: share }));
}

/** Drops ledger rows older than 400 days. */
export function pruneLedger(db: Db, now: number): void {
  stmt(db, 'DELETE FROM injections WHERE at < ?').run(now - KEEP_MS);
  stmt(db, 'DELETE FROM use_signals WHERE at < ?').run(now - KEEP_MS);
}
