import { changeOrPreview } from './dry-run.ts';
import type { ForgetCounts } from './forget.ts';
import { deleteObservations } from '../memory/memory-edit.ts';
import { stmt, type Db } from '../statements.ts';

/** What retention keeps: 0 turns a limit off. */
export interface RetentionPolicy {
  /** Rows created more than this many days before `now` go (pinned observations stay). */
  maxAgeDays: number;
  /** Per project, unpinned observations beyond the newest this many go. */
  maxPerProject: number;
  now: number;
}

/** Rows retention removed (or, on a dry run, would remove): the tables forget counts. */
export type RetentionCounts = ForgetCounts;

const DAY_MS = 86_400_000;

/** The creation time before which rows are too old, or undefined when age is unlimited. */
export function retentionCutoff(policy: RetentionPolicy): number | undefined {
  return policy.maxAgeDays > 0 ? policy.now - policy.maxAgeDays * DAY_MS : undefined;
}

/**
 * Unpinned observations past the age limit, then, of the rest, those beyond the newest
 * `maxPerProject` of their project (newest by creation time, then id).
 */
function observationTargets(db: Db, policy: RetentionPolicy, cutoff: number | undefined) {
  const old =
    cutoff === undefined
      ? []
      : (stmt(db, 'SELECT id FROM observations WHERE pinned = 0 AND created_at < ?')
          .pluck()
          .all(cutoff) as number[]);
  if (policy.maxPerProject <= 0) return old;
  const surplus = stmt(
    db,
    `SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY project
         ORDER BY created_at DESC, id DESC) AS n
       FROM observations WHERE pinned = 0 AND created_at >= @cutoff)
     WHERE n > @max`,
  )
    .pluck()
    .all({ cutoff: cutoff ?? Number.MIN_SAFE_INTEGER, max: policy.maxPerProject }) as number[];
  return [...old, ...surplus];
}

const OLD_TABLES = ['summaries', 'prompts', 'events', 'turns'] as const;

// Only sessions without any row left: deleting one cascades, and a pinned observation must stay.
const OLD_EMPTY_SESSIONS = `FROM sessions WHERE updated_at < @cutoff
  AND NOT EXISTS (SELECT 1 FROM prompts WHERE session_id = sessions.id)
  AND NOT EXISTS (SELECT 1 FROM events WHERE session_id = sessions.id)
  AND NOT EXISTS (SELECT 1 FROM turns WHERE session_id = sessions.id)
  AND NOT EXISTS (SELECT 1 FROM observations WHERE session_id = sessions.id)
  AND NOT EXISTS (SELECT 1 FROM summaries WHERE session_id = sessions.id)`;

/**
 * Applies the policy in one transaction: observations past the age or count limit (never pinned
 * ones), and summaries, prompts, tool events and turn ends past the age limit; then the old
 * sessions left empty. Full-text entries follow by trigger, vectors by cascade (the caller sweeps
 * the KNN table). `dryRun` counts the same and rolls back.
 */
export function applyRetention(db: Db, policy: RetentionPolicy, dryRun = false): RetentionCounts {
  const cutoff = retentionCutoff(policy);
  return changeOrPreview(db, dryRun, () => {
    const observations = deleteObservations(db, observationTargets(db, policy, cutoff));
    const [summaries, prompts, events, turns] = OLD_TABLES.map((table) =>
      cutoff === undefined
        ? 0
        : stmt(db, `DELETE FROM ${table} WHERE created_at < ?`).run(cutoff).changes,
    ) as [number, number, number, number];
    const sessions =
      cutoff === undefined ? 0 : stmt(db, `DELETE ${OLD_EMPTY_SESSIONS}`).run({ cutoff }).changes;
    return { observations, summaries, prompts, events, turns, sessions };
  });
}
