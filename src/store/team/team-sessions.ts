import { createHash } from 'node:crypto';
import { captureValues } from '../capture/capture-columns.ts';
import { insertSql } from '../row-mapper.ts';
import { stmt, type Db } from '../statements.ts';

/** What a pushed row says of its session: an opaque id, never the session's own id. */
const ORIGIN = /^[0-9a-f]{8,64}$/;

/**
 * The opaque origin a shared row carries (`body.session`), so teammates file the rows of one
 * session together: a hash of the local session id, or for a session that was itself pulled
 * (this user's other machine) the origin it was filed under, so an edit keeps it.
 */
export function originOf(sessionId: string, source: string | null): string | undefined {
  if (source !== 'team') return createHash('sha256').update(sessionId).digest('hex').slice(0, 16);
  // `team:<author>:<project>:<origin>`; the older `team:<author>:<project>` has none.
  const parts = sessionId.split(':');
  const last = parts.at(-1) ?? '';
  return parts.length >= 4 && ORIGIN.test(last) ? last : undefined;
}

function turnTaken(db: Db, key: string, prompt: number): boolean {
  return (
    stmt(
      db,
      `SELECT 1 FROM summaries s JOIN sessions x ON x.id = s.session_id
       WHERE x.session_id = ? AND s.prompt_number = ?`,
    ).get(key, prompt) !== undefined
  );
}

/**
 * The local session key a pulled row hangs from. Rows sent with an origin are filed per origin
 * session (`team:<author>:<project>:<origin>`). Issue 30: all of an author's summaries once hung
 * from one session, and the second session's summary at prompt 1 broke `UNIQUE (session_id,
 * prompt_number)` and stopped the pull; so a summary without an origin, or whose turn is already
 * taken there (a colliding or forged key), gets a session of its own, keyed by its global id.
 */
export function pulledSessionKey(
  db: Db,
  project: string,
  row: { kind: string; author: string; global_id: string; body: Record<string, unknown> },
  prompt: number,
): string {
  const base = `team:${row.author}:${project}`;
  const origin =
    typeof row.body.session === 'string' && ORIGIN.test(row.body.session)
      ? row.body.session
      : undefined;
  if (row.kind !== 'summary') return origin ? `${base}:${origin}` : base;
  const own = `${base}:${row.global_id}`;
  if (!origin) return own;
  return turnTaken(db, `${base}:${origin}`, prompt) ? own : `${base}:${origin}`;
}

/** The id of the local session `key` (a `team` session of `project`), made on first use. */
export function teamSession(
  db: Db,
  project: string,
  key: string,
  author: string,
  at: number,
): number {
  const root = stmt(
    db,
    `SELECT project_root FROM sessions WHERE project = ? AND source IS NOT 'team'
     ORDER BY started_at DESC LIMIT 1`,
  ).get(project) as { project_root: string } | undefined;
  const values = captureValues('sessions', {
    session_id: key,
    project,
    project_root: root?.project_root ?? '',
    cwd: root?.project_root ?? '',
    source: 'team',
    status: 'completed',
    title: `shared by ${author}`,
    started_at: at,
    updated_at: at,
  });
  stmt(db, insertSql('sessions', values, 'ON CONFLICT (session_id) DO NOTHING')).run(values);
  return (stmt(db, 'SELECT id FROM sessions WHERE session_id = ?').get(key) as { id: number }).id;
}
