import type { Db } from '../../store/index.ts';
import type { EarlierPrompt } from './eval-history.ts';

// The replay's store is small and private to the run, so plain scans are fine here; none of
// these queries runs in a hook or the worker.

/** The ways a file may be written in memory: as given and relative to the project root. */
function pathForms(path: string, root: string): string[] {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return path.startsWith(prefix) ? [path, path.slice(prefix.length)] : [path];
}

/** Earlier sessions' observations that read or modified `path`. */
export function memoriesOfFile(
  db: Db,
  at: { sessionId: string; project: string; root: string },
  path: string,
): number[] {
  const forms = JSON.stringify(pathForms(path, at.root));
  return db
    .prepare(
      `SELECT o.id FROM observations o JOIN sessions s ON s.id = o.session_id
        WHERE o.project = ? AND s.session_id <> ?
          AND (EXISTS (SELECT 1 FROM json_each(o.files_read) f, json_each(?) p WHERE f.value = p.value)
            OR EXISTS (SELECT 1 FROM json_each(o.files_modified) f, json_each(?) p WHERE f.value = p.value))`,
    )
    .pluck()
    .all(at.project, at.sessionId, forms, forms) as number[];
}

// A command is found in a memory by its start: memory text may elide a long command's tail.
const COMMAND_HEAD = 60;

/** The observations of `sessionId` whose text names `command`. */
export function memoriesOfCommand(db: Db, sessionId: string, command: string): number[] {
  return db
    .prepare(
      `SELECT o.id FROM observations o JOIN sessions s ON s.id = o.session_id
        WHERE s.session_id = ?
          AND instr(o.title || ' ' || o.subtitle || ' ' || o.narrative || ' ' || o.facts, ?) > 0`,
    )
    .pluck()
    .all(sessionId, command.slice(0, COMMAND_HEAD)) as number[];
}

/** The observations made in the turn of an earlier prompt. */
export function memoriesOfTurn(db: Db, earlier: EarlierPrompt): number[] {
  return db
    .prepare(
      `SELECT o.id FROM observations o JOIN sessions s ON s.id = o.session_id
        WHERE s.session_id = ? AND o.prompt_number = ?`,
    )
    .pluck()
    .all(earlier.sessionId, earlier.promptNumber) as number[];
}
