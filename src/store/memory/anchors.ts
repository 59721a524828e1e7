import { stmt, type Db } from '../statements.ts';

/** How an anchor's hash was made, or why it has none (see migration 007). */
export type AnchorKind = 'git' | 'sha256' | 'missing' | 'binary' | 'large' | 'late';

/** One file of an observation as the agent saw it. */
export interface AnchorInput {
  path: string;
  kind: AnchorKind;
  hash: string | null;
  lines: number | null;
  commit: string | null;
  branch: string | null;
}

/** An anchor as recall checks it: what the file was, and its observation. */
export interface StoredAnchor extends Omit<AnchorInput, 'branch'> {
  observationId: number;
}

/** Where the session of an observation ran: its cwd, the project root, when its turn ended. */
export interface AnchorOrigin {
  cwd: string;
  projectRoot: string;
  /** Capture time of the turn's newest event: a file changed after it is not what was seen. */
  turnEnd: number;
}

/**
 * A batch of ids' anchors as raw rows (`[id, path, kind, hash, lines, commit]`): the ids drive
 * (CROSS JOIN keeps json_each outside, each id a primary key probe, rows grouped by id), and
 * arrays skip better-sqlite3's row objects, which it builds key by key (issue 33).
 */
const BATCH = `SELECT a.observation_id, a.path, a.kind, a.hash, a.lines, a.commit_sha
  FROM json_each(?) j CROSS JOIN observation_anchors a ON a.observation_id = j.value`;

type PackedRow = [number, string, AnchorKind, string | null, number | null, string | null];

/** Replaces the anchors of an observation (used at compression and on re-confirmation). */
export function writeAnchors(
  db: Db,
  observationId: number,
  anchors: readonly AnchorInput[],
  at: number,
): void {
  stmt(db, 'DELETE FROM observation_anchors WHERE observation_id = ?').run(observationId);
  const insert = stmt(
    db,
    `INSERT OR REPLACE INTO observation_anchors
       (observation_id, path, kind, hash, lines, commit_sha, branch, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const a of anchors) {
    insert.run(observationId, a.path, a.kind, a.hash, a.lines, a.commit, a.branch, at);
  }
}

const CHUNK = 5000;

/**
 * The anchors of these observations, by observation id (ids without anchors are absent): one
 * statement per 5,000 ids, only the fields a check reads.
 */
export function anchorsOf(db: Db, ids: readonly number[]): Map<number, StoredAnchor[]> {
  const byId = new Map<number, StoredAnchor[]>();
  const select = stmt(db, BATCH).raw();
  const unique = [...new Set(ids)];
  for (let from = 0; from < unique.length; from += CHUNK) {
    const rows = select.all(JSON.stringify(unique.slice(from, from + CHUNK))) as PackedRow[];
    // Rows come grouped by id (the ids drive the join): a new list starts when the id changes.
    let list: StoredAnchor[] = [];
    for (const [observationId, path, kind, hash, lines, commit] of rows) {
      if (list[0]?.observationId !== observationId) {
        list = byId.get(observationId) ?? [];
        byId.set(observationId, list);
      }
      list.push({ observationId, path, kind, hash, lines, commit });
    }
  }
  return byId;
}

/** One page of a project's observation ids (ascending, after `after`) and how many there are. */
export function projectObservationPage(
  db: Db,
  project: string,
  after: number,
  limit: number,
): { ids: number[]; total: number } {
  const ids = stmt(
    db,
    'SELECT id FROM observations WHERE project = ? AND id > ? ORDER BY id LIMIT ?',
  )
    .pluck()
    .all(project, after, limit) as number[];
  // One row of the per-project counts (migration 011), not a count of the project per page.
  const total = (stmt(db, 'SELECT n FROM observation_counts WHERE project = ?')
    .pluck()
    .get(project) ?? 0) as number;
  return { ids, total };
}

/** Where the observation's session ran, or undefined for one without a session. */
export function anchorOrigin(
  db: Db,
  sessionRowId: number | null,
  promptNumber: number | null,
): AnchorOrigin | undefined {
  if (sessionRowId === null) return undefined;
  return stmt(
    db,
    `SELECT s.cwd, s.project_root AS projectRoot,
       COALESCE((SELECT MAX(e.created_at) FROM events e
         WHERE e.session_id = s.id AND e.prompt_number = ?), s.updated_at) AS turnEnd
     FROM sessions s WHERE s.id = ?`,
  ).get(promptNumber ?? 0, sessionRowId) as AnchorOrigin | undefined;
}
