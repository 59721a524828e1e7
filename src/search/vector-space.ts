import * as sqliteVec from 'sqlite-vec';
import { stmt, type Db } from '../store/index.ts';
import { blob } from './vector-rank.ts';

// The vector space's metadata (recall_meta) and the KNN table's DDL: which model's vectors are
// current, their size, whether a switch is filling, and the table sqlite-vec scans.

/** recall_meta keys of the vector space (migration 010 describes them). */
export const META = {
  /** The model whose vectors search may use (the current space). */
  model: 'vectors.model',
  /** The current space's dimension. */
  dimensions: 'vectors.dimensions',
  /** The model being filled after a switch (search uses full text meanwhile). */
  filling: 'vectors.filling',
  /** The model whose vectors the filling space replaces. */
  previous: 'vectors.previous',
  /** `on` while the KNN table is kept, `off` while the vectors live elsewhere (Chroma). */
  knn: 'vectors.knn',
  /** Where Chroma's collection lives (src/search/chroma/chroma-sync.ts). */
  chromaTarget: 'chroma.target',
} as const;

/** One of the keys above. */
export type MetaKey = (typeof META)[keyof typeof META];

/** The KNN table (sqlite-vec vec0). */
export const VEC_TABLE = 'observation_vectors';

/** Loads sqlite-vec into `db` (idempotent); false when the platform has no build of it. */
export function loadSqliteVec(db: Db): boolean {
  try {
    sqliteVec.load(db);
    return true;
  } catch {
    return false;
  }
}

/** The value of `key` in recall_meta, if set. */
export const meta = (db: Db, key: MetaKey): string | undefined =>
  (stmt(db, 'SELECT value FROM recall_meta WHERE key = ?').pluck().get(key) as
    string | undefined) ?? undefined;

/** Sets `key` in recall_meta. */
export const setMeta = (db: Db, key: MetaKey, value: string): void => {
  stmt(
    db,
    'INSERT INTO recall_meta (key, value) VALUES (?, ?) ON CONFLICT DO UPDATE SET value = excluded.value',
  ).run(key, value);
};

/**
 * Bits of the KNN code for `dimensions`: sqlite-vec's bit vectors (and vec_quantize_binary) need
 * a multiple of 8, and embedders do not promise one, so the code is padded with zeros, which
 * quantize to the same bit in every vector and leave Hamming distances unchanged.
 */
export const knnBits = (dimensions: number): number => Math.ceil(dimensions / 8) * 8;

/** `vector` as a float32 blob of `bits` values (zeros after its own), for vec_quantize_binary. */
export const knnBlob = (vector: Float32Array, bits: number): Buffer => {
  if (vector.length === bits) return blob(vector);
  const padded = new Float32Array(bits);
  padded.set(vector);
  return blob(padded);
};

/**
 * Ids a KNN partition holds within a project: in a large memory the scan reads only the buckets
 * of the search horizon (src/store/fulltext/search-horizon.ts), so its cost does not grow with the memory.
 */
const BUCKET_IDS = 32_768;

/** The KNN bucket of observation `id`. */
export const bucketOf = (id: number): bigint => BigInt(Math.floor(id / BUCKET_IDS));

/** The first observation id of the bucket `id` is in. */
export const bucketStart = (id: number): number => Math.floor(id / BUCKET_IDS) * BUCKET_IDS;

/** Inserts one binary code: rowid, project, bucket, the float vector to quantize. */
export const INSERT_KNN = `INSERT INTO ${VEC_TABLE} (rowid, project, bucket, embedding)
  VALUES (?, ?, ?, vec_quantize_binary(?))`;

const createKnnTable = (db: Db, dimensions: number): void => {
  // Binary codes (1 bit a dimension) for the scan, float32 in recall_vectors for the exact rerank:
  // a float scan of 100k x 512 takes ~90 ms here, the binary one + rerank ~20 ms.
  db.exec(
    `CREATE VIRTUAL TABLE ${VEC_TABLE} USING vec0(project text partition key,
      bucket integer partition key, embedding bit[${knnBits(dimensions)}])`,
  );
};

/** A KNN table made before it had id buckets: rebuilt from the stored vectors. */
const unbucketed = (db: Db): boolean =>
  /\bbucket\b/.test(
    (stmt(db, 'SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(VEC_TABLE) as
      string | undefined) ?? 'bucket',
  ) === false;

/**
 * Makes `model` vectors of `dimensions` the current space when they are not (a new model, or the
 * same name answering another size): recreates the KNN table and marks the space filling. Old
 * vectors are left for pending() to replace one by one, except those of the same name and
 * another size, which would pass for current ones. Runs inside the caller's transaction.
 */
export function ensureSpace(db: Db, model: string, dimensions: number, knn: boolean): void {
  const sameModel = meta(db, META.model) === model;
  const sameSize = meta(db, META.dimensions) === String(dimensions);
  if ((tableExists(db) || !knn) && sameModel && sameSize) return;
  db.exec(`DROP TABLE IF EXISTS ${VEC_TABLE}`);
  if (sameModel && !sameSize) stmt(db, 'DELETE FROM recall_vectors WHERE model = ?').run(model);
  const previous = meta(db, META.model);
  if (!(sameModel && sameSize)) {
    setMeta(db, META.filling, model);
    // What the switch replaces, for status; a first fill replaces nothing.
    if (previous !== undefined && !sameModel) setMeta(db, META.previous, previous);
  }
  setMeta(db, META.model, model);
  setMeta(db, META.dimensions, String(dimensions));
  if (!knn) return;
  createKnnTable(db, dimensions);
  // Vectors of this space stored while the table was gone (Chroma, or a table dropped by hand).
  if (sameModel && sameSize) fillKnn(db, model, dimensions);
  setMeta(db, META.knn, 'on');
}

/** Copies the stored vectors of `model` into the (new, empty) KNN table, a page at a time. */
function fillKnn(db: Db, model: string, dimensions: number): void {
  const insert = stmt(db, INSERT_KNN);
  const page = stmt(
    db,
    `SELECT observation_id, project, embedding FROM recall_vectors
     WHERE model = ? AND observation_id > ? ORDER BY observation_id LIMIT 1000`,
  );
  const bits = knnBits(dimensions);
  type Row = { observation_id: number; project: string; embedding: Buffer };
  for (let rows = page.all(model, 0) as Row[]; rows.length > 0;) {
    for (const row of rows) {
      const bytes = new Uint8Array(row.embedding); // A copy: the blob may be unaligned.
      const vector = new Float32Array(bytes.buffer, 0, bytes.byteLength / 4);
      const id = row.observation_id;
      insert.run(BigInt(id), row.project, bucketOf(id), knnBlob(vector, bits));
    }
    rows = page.all(model, rows[rows.length - 1]!.observation_id) as Row[];
  }
}

/** Whether the KNN table exists. */
export const tableExists = (db: Db): boolean =>
  db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(VEC_TABLE) !== undefined;

/**
 * Refills the KNN table from the stored vectors when they were written without it (while the
 * vectors lived in Chroma), or when it was made before its id buckets: a copy, not a
 * re-embedding. True when it did.
 */
export function rebuildKnnIfStale(db: Db): boolean {
  const dimensions = meta(db, META.dimensions);
  const model = meta(db, META.model);
  if (dimensions === undefined || model === undefined) return false;
  if (meta(db, META.knn) !== 'off' && !(tableExists(db) && unbucketed(db))) return false;
  db.transaction(() => {
    db.exec(`DROP TABLE IF EXISTS ${VEC_TABLE}`);
    createKnnTable(db, Number(dimensions));
    fillKnn(db, model, Number(dimensions));
    setMeta(db, META.knn, 'on');
  }).immediate();
  return true;
}
