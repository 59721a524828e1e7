import { contentColumns, type MemoryKind } from '../memory/memory-columns.ts';
import { stmt, type Db } from '../statements.ts';
import { scrubPrompts } from './team-prompt-scrub.ts';
import { originOf } from './team-sessions.ts';

/** What a shared row is: the outbox's and the server's `kind`. */
export type TeamKind = MemoryKind;

/** One queued change of a shared row (written by migration 008's triggers). */
export interface OutboxEntry {
  id: number;
  kind: TeamKind;
  item_id: number;
  global_id: string;
  op: 'upsert' | 'delete';
  attempts: number;
}

/** A shared row as it is pushed: where it belongs, its version and its content. */
export interface SharedRow {
  kind: TeamKind;
  global_id: string;
  project: string;
  version: number;
  created_at: number;
  body: Record<string, string | number | null>;
}

/** The table and content columns of each kind (memory-columns.ts's one list), for push and pull. */
export function teamColumns(kind: TeamKind): { table: string; body: readonly string[] } {
  const { table, columns } = contentColumns(kind);
  return { table, body: Object.keys(columns) };
}

/** The oldest queued changes not refused, in queue order. */
export function pendingOutbox(db: Db, limit: number): OutboxEntry[] {
  return stmt(
    db,
    `SELECT id, kind, item_id, global_id, op, attempts FROM team_outbox
     WHERE refused_reason IS NULL ORDER BY id LIMIT ?`,
  ).all(limit) as OutboxEntry[];
}

/**
 * What a shared summary says it was about: the lead of its work (what it completed, else what it
 * investigated or learned), never its `request`, which is the prompt or a paraphrase of it.
 */
function workLead(row: Record<string, string | number | null>): string {
  const lead = ['completed', 'investigated', 'learned']
    .map(
      (column) =>
        String(row[column] ?? '')
          .split('; ')[0]
          ?.trim() ?? '',
    )
    .find((text) => text !== '');
  return (lead ?? '').slice(0, 200);
}

/**
 * The row behind an upsert as it is now (the newest content wins), or undefined when it is gone,
 * private again, or a teammate's. Nothing of a prompt goes with it: a summary's `request` is
 * replaced by the lead of its work, and quotes of the session's prompts are taken out of every
 * text field (`scrubPrompts`).
 */
export function sharedRow(db: Db, kind: TeamKind, id: number): SharedRow | undefined {
  const { table, body } = teamColumns(kind);
  const row = stmt(
    db,
    `SELECT t.global_id, t.project, t.version, t.created_at, t.session_id AS session_row,
       s.session_id AS origin_id,
       s.source AS origin_source, ${body.map((c) => `t.${c}`).join(', ')} FROM ${table} t
     LEFT JOIN sessions s ON s.id = t.session_id
     WHERE t.id = ? AND t.scope = 'team' AND t.author IS NULL AND t.global_id IS NOT NULL`,
  ).get(id) as Record<string, string | number | null> | undefined;
  if (!row) return undefined;
  const origin =
    row.origin_id === null
      ? undefined
      : originOf(String(row.origin_id), row.origin_source as string | null);
  const content = Object.fromEntries(body.map((column) => [column, row[column] ?? null]));
  if (kind === 'summary') content.request = workLead(row);
  const session = typeof row.session_row === 'number' ? row.session_row : null;
  return {
    kind,
    global_id: String(row.global_id),
    project: String(row.project),
    version: Number(row.version),
    created_at: Number(row.created_at),
    body: {
      ...scrubPrompts(db, session, content),
      // Teammates file the rows of one session together by it (see pulledSessionKey).
      ...(origin ? { session: origin } : {}),
    },
  };
}

/**
 * Removes entries the server acknowledged. A delete also drops the refused upserts of its row
 * queued before it: the row is gone or private, so they will never be pushed.
 */
export function ackOutbox(db: Db, entries: readonly OutboxEntry[]): void {
  const drop = stmt(db, 'DELETE FROM team_outbox WHERE id = ?');
  const dropRefused = stmt(
    db,
    `DELETE FROM team_outbox WHERE kind = ? AND item_id = ? AND id < ? AND refused_reason IS NOT NULL`,
  );
  db.transaction(() => {
    for (const entry of entries) {
      drop.run(entry.id);
      if (entry.op === 'delete') dropRefused.run(entry.kind, entry.item_id, entry.id);
    }
  })();
}

/** Marks an entry refused (it stays queued, skipped, until an edit of its row clears this). */
export function refuseOutbox(db: Db, id: number, reason: string): void {
  stmt(db, 'UPDATE team_outbox SET refused_reason = ? WHERE id = ?').run(reason, id);
}

/** Counts a failed attempt on entries that stay queued. */
export function failOutbox(db: Db, ids: readonly number[], error: string): void {
  const update = stmt(
    db,
    'UPDATE team_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?',
  );
  db.transaction(() => ids.forEach((id) => update.run(error, id)))();
}

/** What waits in the outbox: queued, refused (with their reasons, newest first). */
export function outboxBacklog(db: Db): {
  queued: number;
  refused: { kind: TeamKind; item_id: number; reason: string }[];
} {
  const queued = stmt(
    db,
    'SELECT count(*) AS n FROM team_outbox WHERE refused_reason IS NULL',
  ).get() as { n: number };
  const refused = stmt(
    db,
    `SELECT kind, item_id, refused_reason AS reason FROM team_outbox
     WHERE refused_reason IS NOT NULL ORDER BY id DESC LIMIT 20`,
  ).all() as { kind: TeamKind; item_id: number; reason: string }[];
  return { queued: queued.n, refused };
}
