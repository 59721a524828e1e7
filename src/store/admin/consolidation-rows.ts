import type { Db } from '../statements.ts';

/** The tables that hold a memory's rows, by the column naming the observation. */
const TABLES = [
  ['observations', 'id'],
  ['observation_anchors', 'observation_id'],
  ['dead_end_keys', 'observation_id'],
  ['recall_vectors', 'observation_id'],
] as const;

type Row = Record<string, unknown>;

/** Rows of every memory table for some observations, as they were: the journal's before image. */
export type RowImage = Record<string, Row[]>;

// Blobs (embeddings) survive JSON as base64; everything else in these tables is text or number.
const encode = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      Buffer.isBuffer(value) ? { $blob: value.toString('base64') } : value,
    ]),
  );

const decode = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => {
      const blob = (value as { $blob?: unknown } | null)?.$blob;
      return [key, typeof blob === 'string' ? Buffer.from(blob, 'base64') : value];
    }),
  );

/** The rows of `ids` in every memory table, ready for the journal (JSON). */
export function snapshotRows(db: Db, ids: readonly number[]): RowImage {
  const list = JSON.stringify(ids);
  const image: RowImage = {};
  for (const [table, column] of TABLES) {
    image[table] = (
      db
        .prepare(
          `SELECT * FROM ${table} WHERE ${column} IN (SELECT value FROM json_each(?)) ORDER BY ${column}`,
        )
        .all(list) as Row[]
    ).map(encode);
  }
  return image;
}

/**
 * Puts `ids` back as `image` holds them: their current rows go (the children by cascade), the
 * image's rows come back with their own ids, and the triggers rebuild what they derive (the
 * full-text index, file names, counts). Runs inside the caller's transaction.
 */
export function restoreRows(db: Db, ids: readonly number[], image: RowImage): void {
  db.prepare('DELETE FROM observations WHERE id IN (SELECT value FROM json_each(?))').run(
    JSON.stringify(ids),
  );
  for (const [table] of TABLES) {
    for (const row of image[table] ?? []) {
      const columns = Object.keys(row);
      db.prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      ).run(...Object.values(decode(row)));
    }
  }
}
