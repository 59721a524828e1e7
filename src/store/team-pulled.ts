import type { Database } from 'better-sqlite3';
import { throughDoor } from './privacy-door.ts';
import { stmt } from './statements.ts';
import { teamColumns, type TeamKind } from './team-outbox.ts';

/** A teammate's row as the server holds it. */
export interface PulledRow {
  seq: number;
  global_id: string;
  kind: TeamKind;
  author: string;
  version: number;
  deleted: boolean;
  created_at: number;
  body: Record<string, unknown>;
}

/** The local session teammates' rows of a project hang from (one per author and project). */
function teamSession(db: Database, project: string, author: string, at: number): number {
  const root = stmt(
    db,
    `SELECT project_root FROM sessions WHERE project = ? AND source IS NOT 'team'
     ORDER BY started_at DESC LIMIT 1`,
  ).get(project) as { project_root: string } | undefined;
  const key = `team:${author}:${project}`;
  stmt(
    db,
    `INSERT OR IGNORE INTO sessions (session_id, project, project_root, cwd, source, status,
       title, started_at, updated_at) VALUES (?, ?, ?, ?, 'team', 'completed', ?, ?, ?)`,
  ).run(
    key,
    project,
    root?.project_root ?? '',
    root?.project_root ?? '',
    `shared by ${author}`,
    at,
    at,
  );
  return (stmt(db, 'SELECT id FROM sessions WHERE session_id = ?').get(key) as { id: number }).id;
}

function bodyValues(kind: TeamKind, body: Record<string, unknown>): Record<string, unknown> {
  const { body: columns } = teamColumns(kind);
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    const value = body[column];
    values[column] =
      column === 'prompt_number'
        ? typeof value === 'number'
          ? value
          : null
        : typeof value === 'string'
          ? value
          : column.startsWith('files')
            ? '[]'
            : '';
  }
  const textColumns = columns.filter((column) => column !== 'prompt_number');
  return throughDoor(values, { text: textColumns });
}

function insertPulled(db: Database, project: string, row: PulledRow, at: number): void {
  const { table } = teamColumns(row.kind);
  const values = bodyValues(row.kind, row.body);
  if (row.kind === 'summary') values.prompt_number ??= 0;
  if (row.kind === 'observation') values.type = values.type || 'discovery';
  const extra =
    row.kind === 'observation'
      ? { content_hash: `team:${row.global_id}`, updated_at: at, provider: 'team' }
      : { provider: 'team' };
  const all = {
    ...values,
    ...extra,
    session_id: teamSession(db, project, row.author, at),
    project,
    created_at: row.created_at,
    scope: 'team',
    global_id: row.global_id,
    author: row.author,
    version: row.version,
  };
  const names = Object.keys(all);
  stmt(
    db,
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`,
  ).run(all);
}

function updatePulled(db: Database, id: number, row: PulledRow, at: number): void {
  const { table } = teamColumns(row.kind);
  const values = bodyValues(row.kind, row.body);
  if (row.kind === 'observation') values.updated_at = at;
  const sets = Object.keys(values).map((name) => `${name} = @${name}`);
  stmt(db, `UPDATE ${table} SET ${sets.join(', ')}, version = @version WHERE id = @id`).run({
    ...values,
    version: row.version,
    id,
  });
}

/**
 * Applies one teammate's row under the local `project`: insert, update to a newer version, or
 * delete on a tombstone. Rows of our own (a local row with this global id and no author) are
 * left alone, and applying a row twice changes nothing. Returns what it did.
 */
export function applyPulled(
  db: Database,
  project: string,
  row: PulledRow,
  at: number,
): 'inserted' | 'updated' | 'deleted' | 'unchanged' {
  const { table } = teamColumns(row.kind);
  const local = stmt(db, `SELECT id, author, version FROM ${table} WHERE global_id = ?`).get(
    row.global_id,
  ) as { id: number; author: string | null; version: number } | undefined;
  if (local && local.author === null) return 'unchanged';
  if (row.deleted) {
    if (!local) return 'unchanged';
    stmt(db, `DELETE FROM ${table} WHERE id = ?`).run(local.id);
    return 'deleted';
  }
  if (!local) {
    insertPulled(db, project, row, at);
    return 'inserted';
  }
  if (local.version >= row.version) return 'unchanged';
  updatePulled(db, local.id, row, at);
  return 'updated';
}
