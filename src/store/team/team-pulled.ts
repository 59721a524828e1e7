import { contentValues } from '../memory/memory-columns.ts';
import { insertSql } from '../row-mapper.ts';
import { RowRefusedError, soundMemory, soundTime } from '../row-door.ts';
import { stmt, type Db } from '../statements.ts';
import { teamColumns, type TeamKind } from './team-outbox.ts';
import { pulledSessionKey, teamSession } from './team-sessions.ts';

/** A row as the server holds it: a teammate's, or this user's from another machine. */
export interface PulledRow {
  seq: number;
  global_id: string;
  kind: TeamKind;
  author: string;
  version: number;
  deleted: boolean;
  /** As sent (a bigint comes as text); the row door makes it a sane time. */
  created_at: number | string;
  body: Record<string, unknown>;
}

/** What applying a pulled row did. */
export type PullOutcome = 'inserted' | 'updated' | 'deleted' | 'unchanged';

/** The key a pull puts in place of a body too large to fetch, holding its size in bytes. */
export const TOO_LARGE = '_too_large_bytes';

const GLOBAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refuses what no normalization can mend: an unknown kind, a malformed id, version or author. */
function checkShape(row: PulledRow): void {
  if (row.kind !== 'observation' && row.kind !== 'summary') {
    throw new RowRefusedError(
      `its kind ${JSON.stringify(String(row.kind)).slice(0, 40)} is unknown`,
    );
  }
  if (typeof row.global_id !== 'string' || !GLOBAL_ID.test(row.global_id)) {
    throw new RowRefusedError('its global_id is not a UUID');
  }
  if (!Number.isSafeInteger(row.version) || row.version < 0) {
    throw new RowRefusedError('its version is not a whole number');
  }
  if (typeof row.author !== 'string' || row.author === '')
    throw new RowRefusedError('it has no author');
  const size = (row.body as Record<string, unknown> | null)?.[TOO_LARGE];
  if (typeof size === 'number') {
    throw new RowRefusedError(`its body is ${size} bytes, more than a pull fetches`);
  }
}

/** A pulled row's content through the row door, then the one mapper (and the privacy door). */
function bodyValues(row: PulledRow): Record<string, string | number | null> {
  return contentValues(row.kind, soundMemory(row.kind, row.body));
}

/**
 * Runs `write` on row `id` of `table` with its `author` set, then gives the row back `author`:
 * migration 008's triggers queue a push only for rows with no author, so this machine does not
 * send back (or bump the version of) a row the server just gave it.
 */
function quietly(db: Db, table: string, id: number, author: string | null, write: () => void) {
  stmt(db, `UPDATE ${table} SET author = '(pull)' WHERE id = ?`).run(id);
  write();
  stmt(db, `UPDATE ${table} SET author = ? WHERE id = ?`).run(author, id);
}

function insertPulled(db: Db, project: string, row: PulledRow, at: number, own: boolean) {
  const { table } = teamColumns(row.kind);
  const values = bodyValues(row);
  const extra =
    row.kind === 'observation'
      ? { content_hash: `team:${row.global_id}`, updated_at: at, provider: 'team' }
      : { provider: 'team' };
  const key = pulledSessionKey(db, project, row, Number(values.prompt_number ?? 0));
  const all = {
    ...values,
    ...extra,
    session_id: teamSession(db, project, key, row.author, at),
    project,
    created_at: soundTime(row.created_at, at),
    scope: 'team',
    global_id: row.global_id,
    // Inserted with its author so no trigger queues it; this user's own row then loses it.
    author: row.author,
    version: row.version,
  };
  const { lastInsertRowid } = stmt(db, insertSql(table, all)).run(all);
  if (own) stmt(db, `UPDATE ${table} SET author = NULL WHERE id = ?`).run(lastInsertRowid);
}

function updatePulled(db: Db, id: number, row: PulledRow, at: number, own: boolean) {
  const { table } = teamColumns(row.kind);
  const values = bodyValues(row);
  // A turn's number is where the row hangs; moving it could collide with another turn.
  delete values.prompt_number;
  if (row.kind === 'observation') values.updated_at = at;
  const sets = Object.keys(values).map((name) => `${name} = @${name}`);
  quietly(db, table, id, own ? null : row.author, () =>
    stmt(db, `UPDATE ${table} SET ${sets.join(', ')}, version = @version WHERE id = @id`).run({
      ...values,
      version: row.version,
      id,
    }),
  );
}

/**
 * Applies one pulled row under the local `project`: insert, update to a newer version, or
 * delete on a tombstone; applying a row twice changes nothing. A row whose author is `me` (this
 * user's role, shared from another machine) is stored as this user's own (no author), so it is
 * editable here and its edits are pushed; a row written here coming back is left alone unless
 * the server holds a newer version of it (edited on the other machine). Throws RowRefusedError
 * for a row that cannot be made sound.
 */
export function applyPulled(
  db: Db,
  project: string,
  row: PulledRow,
  at: number,
  me?: string | null,
): PullOutcome {
  checkShape(row);
  const own = me !== undefined && me !== null && row.author === me;
  const { table } = teamColumns(row.kind);
  const local = stmt(db, `SELECT id, author, version FROM ${table} WHERE global_id = ?`).get(
    row.global_id,
  ) as { id: number; author: string | null; version: number } | undefined;
  if (local && local.author === null && !own) return 'unchanged';
  if (row.deleted) {
    if (!local) return 'unchanged';
    quietly(db, table, local.id, null, () =>
      stmt(db, `DELETE FROM ${table} WHERE id = ?`).run(local.id),
    );
    return 'deleted';
  }
  if (!local) {
    insertPulled(db, project, row, at, own);
    return 'inserted';
  }
  if (local.version >= row.version) {
    // Pulled as a teammate's before this machine knew the role was its own: adopted now.
    if (own && local.author !== null)
      stmt(db, `UPDATE ${table} SET author = NULL WHERE id = ?`).run(local.id);
    return 'unchanged';
  }
  updatePulled(db, local.id, row, at, own);
  return 'updated';
}

/**
 * Makes this user's own the rows a pull stored as a teammate's under `role`, this machine's own
 * role: pulls before issue 30 stored rows shared from the user's other machine that way. No
 * trigger watches `author`, so nothing is queued. Returns how many rows changed.
 */
export function adoptOwnRows(db: Db, role: string): number {
  let changed = 0;
  for (const table of ['observations', 'summaries']) {
    changed += stmt(db, `UPDATE ${table} SET author = NULL WHERE author = ?`).run(role).changes;
  }
  return changed;
}
