import * as sqliteVec from 'sqlite-vec';
import { horizonBoundary, stmt, type Db } from '../store/index.ts';
import { EmbedderError } from './embedders/embedder.ts';
import { filterSql, type SearchFilters } from './filters.ts';
import type { RankedId } from './fts-search.ts';
import { blob, EXACT_LIMIT, fewInScope, narrowed, rerank } from './vector-rank.ts';

/** An observation whose vector is missing or stale, with what to embed. */
export interface PendingRow {
  id: number;
  project: string;
  updated_at: number;
  title: string;
  subtitle: string;
  narrative: string;
  facts: string;
  concepts: string;
}

/** A computed vector for one pending row. */
export interface VectorItem {
  row: PendingRow;
  vector: Float32Array;
}

/** Vectors of observations in the database: stored, found, counted. */
export interface VectorIndex {
  /** The model whose vectors search may use (the current space), if any. */
  model(): string | undefined;
  /** The current space's dimension, if any. */
  dimensions(): number | undefined;
  /**
   * Makes (model, dimensions) the current space when it is not: a new KNN table, and the space
   * marked filling until finishFilling. Vectors of the previous model stay in recall_vectors
   * until each is replaced (no long delete holding the write lock) and are never searched.
   */
  begin(model: string, dimensions: number): void;
  /** The model being filled after a switch (search uses full text meanwhile), if any. */
  filling(): string | undefined;
  /** The model whose vectors the filling space replaces, if any. */
  previous(): string | undefined;
  /** Marks the space complete: every observation had a vector of it once. */
  finishFilling(model: string): void;
  /** Observations without a current vector of `model`, newest first. */
  pending(model: string, limit: number): PendingRow[];
  /** Stores vectors (beginning a new space when the model or the size changes). */
  store(model: string, items: readonly VectorItem[], at: number): void;
  /** The `limit` nearest observations under `filters`, nearest first (score = cosine distance). */
  search(vector: Float32Array, filters: SearchFilters, limit: number, root?: string): RankedId[];
  /** How many observations have a vector of `model`, and how many there are. */
  counts(model: string): { embedded: number; total: number };
  /** Removes KNN entries whose observation is gone; returns how many. */
  sweep(): number;
  /** Removes the KNN entries of these (deleted) observations. */
  drop(ids: readonly number[]): void;
}

const VEC_TABLE = 'observation_vectors';
/** sqlite-vec's largest k. */
const MAX_K = 4096;

/** Loads sqlite-vec into `db` (idempotent); false when the platform has no build of it. */
export function loadSqliteVec(db: Db): boolean {
  try {
    sqliteVec.load(db);
    return true;
  } catch {
    return false;
  }
}

export const meta = (db: Db, key: string): string | undefined =>
  (stmt(db, 'SELECT value FROM recall_meta WHERE key = ?').pluck().get(key) as
    string | undefined) ?? undefined;

export const setMeta = (db: Db, key: string, value: string): void => {
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
const knnBlob = (vector: Float32Array, bits: number): Buffer => {
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
const bucketOf = (id: number): bigint => BigInt(Math.floor(id / BUCKET_IDS));

const INSERT_KNN = `INSERT INTO ${VEC_TABLE} (rowid, project, bucket, embedding)
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
function ensureSpace(db: Db, model: string, dimensions: number, knn: boolean): void {
  const sameModel = meta(db, 'vectors.model') === model;
  const sameSize = meta(db, 'vectors.dimensions') === String(dimensions);
  if ((tableExists(db) || !knn) && sameModel && sameSize) return;
  db.exec(`DROP TABLE IF EXISTS ${VEC_TABLE}`);
  if (sameModel && !sameSize) stmt(db, 'DELETE FROM recall_vectors WHERE model = ?').run(model);
  const previous = meta(db, 'vectors.model');
  if (!(sameModel && sameSize)) {
    setMeta(db, 'vectors.filling', model);
    // What the switch replaces, for status; a first fill replaces nothing.
    if (previous !== undefined && !sameModel) setMeta(db, 'vectors.previous', previous);
  }
  setMeta(db, 'vectors.model', model);
  setMeta(db, 'vectors.dimensions', String(dimensions));
  if (!knn) return;
  createKnnTable(db, dimensions);
  // Vectors of this space stored while the table was gone (Chroma, or a table dropped by hand).
  if (sameModel && sameSize) fillKnn(db, model, dimensions);
  setMeta(db, 'vectors.knn', 'on');
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

function storeOne(db: Db, model: string, item: VectorItem, at: number, knn: boolean): void {
  const stored = stmt(
    db,
    `INSERT INTO recall_vectors (observation_id, project, model, dimensions, embedding, source_updated_at, created_at)
     SELECT id, project, @model, @dimensions, @embedding, @updatedAt, @at FROM observations WHERE id = @id
     ON CONFLICT (observation_id) DO UPDATE SET project = excluded.project, model = excluded.model,
       dimensions = excluded.dimensions, embedding = excluded.embedding,
       source_updated_at = excluded.source_updated_at, created_at = excluded.created_at`,
  ).run({
    id: item.row.id,
    model,
    dimensions: item.vector.length,
    embedding: blob(item.vector),
    updatedAt: item.row.updated_at,
    at,
  });
  if (!knn) return;
  stmt(db, `DELETE FROM ${VEC_TABLE} WHERE rowid = ?`).run(BigInt(item.row.id));
  if (stored.changes === 0) return; // Deleted while it was being embedded.
  const { id, project } = item.row;
  stmt(db, INSERT_KNN).run(
    BigInt(id),
    project,
    bucketOf(id),
    knnBlob(item.vector, knnBits(item.vector.length)),
  );
}

/** The KNN's shortlist of `k` ids: of one project or all, of the buckets from `from` or all. */
function coarse(
  db: Db,
  vector: Float32Array,
  scope: { project: string | undefined; from: bigint | undefined },
  k: number,
): number[] {
  const { project, from } = scope;
  const sql = `SELECT rowid FROM ${VEC_TABLE} WHERE embedding MATCH vec_quantize_binary(@q) AND k = @k
    ${project === undefined ? '' : 'AND project = @project'} ${from === undefined ? '' : 'AND bucket >= @from'}`;
  const q = knnBlob(vector, knnBits(vector.length));
  const params = {
    q,
    k,
    ...(project === undefined ? {} : { project }),
    ...(from === undefined ? {} : { from }),
  };
  return (stmt(db, sql).pluck().all(params) as Array<number | bigint>).map(Number);
}

function pending(db: Db, model: string, limit: number): PendingRow[] {
  return stmt(
    db,
    `SELECT o.id, o.project, o.updated_at, o.title, o.subtitle, o.narrative, o.facts, o.concepts
     FROM observations o LEFT JOIN recall_vectors v ON v.observation_id = o.id
     WHERE v.observation_id IS NULL OR v.model <> @model OR v.source_updated_at <> o.updated_at
     ORDER BY o.id DESC LIMIT @limit`,
  ).all({ model, limit }) as PendingRow[];
}

function nearest(
  db: Db,
  vector: Float32Array,
  query: { filters: SearchFilters; limit: number; root: string | undefined; exact: number },
): RankedId[] {
  const { filters, limit } = query;
  const model = meta(db, 'vectors.model');
  // A query vector of another size comes from another model: it has no place in this space.
  const sameSize = meta(db, 'vectors.dimensions') === String(vector.length);
  if (model === undefined || !sameSize || limit <= 0) return [];
  const where = filterSql(filters, query.root);
  if (narrowed(filters) || fewInScope(db, model, filters.project, query.exact)) {
    return rerank(db, vector, where, { model, limit, candidates: null });
  }
  // The scan costs more with k: at 100k rows here ~7 ms at k = 40, ~19 ms at k = 160.
  const k = Math.min(MAX_K, Math.max(64, limit * 2));
  const { project } = filters;
  // In a large memory, the buckets of the search horizon when they hold a full shortlist (as
  // full text does; a search into the past reads every bucket).
  const boundary = filters.until === undefined ? horizonBoundary(db) : undefined;
  const recent =
    boundary === undefined ? [] : coarse(db, vector, { project, from: bucketOf(boundary) }, k);
  const ids = recent.length >= k ? recent : coarse(db, vector, { project, from: undefined }, k);
  return rerank(db, vector, where, { model, limit, candidates: JSON.stringify(ids) });
}

const tableExists = (db: Db): boolean =>
  db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(VEC_TABLE) !== undefined;

function sweep(db: Db): number {
  if (!tableExists(db)) return 0;
  const orphans = db
    .prepare(
      `SELECT rowid FROM ${VEC_TABLE}
       WHERE rowid NOT IN (SELECT observation_id FROM recall_vectors)`,
    )
    .pluck()
    .all() as Array<number | bigint>;
  const remove = stmt(db, `DELETE FROM ${VEC_TABLE} WHERE rowid = ?`);
  db.transaction(() => orphans.forEach((id) => remove.run(BigInt(id)))).immediate();
  return orphans.length;
}

function store(db: Db, model: string, items: readonly VectorItem[], at: number, knn: boolean) {
  const first = items[0];
  if (!first) return;
  const size = first.vector.length;
  // One space, one size: a vector of another length could not be compared with the others.
  const odd = items.find((item) => item.vector.length !== size);
  if (size === 0 || odd) {
    throw new EmbedderError(
      'PROVIDER_BAD_OUTPUT',
      `embedder ${model} answered vectors of ${size} and ${odd?.vector.length ?? 0} dimensions in one batch`,
    );
  }
  db.transaction(() => {
    ensureSpace(db, model, size, knn);
    for (const item of items) storeOne(db, model, item, at, knn);
    if (!knn) setMeta(db, 'vectors.knn', 'off');
  }).immediate();
}

/**
 * Refills the KNN table from the stored vectors when they were written without it (while the
 * vectors lived in Chroma), or when it was made before its id buckets: a copy, not a
 * re-embedding. True when it did.
 */
export function rebuildKnnIfStale(db: Db): boolean {
  const dimensions = meta(db, 'vectors.dimensions');
  const model = meta(db, 'vectors.model');
  if (dimensions === undefined || model === undefined) return false;
  if (meta(db, 'vectors.knn') !== 'off' && !(tableExists(db) && unbucketed(db))) return false;
  db.transaction(() => {
    db.exec(`DROP TABLE IF EXISTS ${VEC_TABLE}`);
    createKnnTable(db, Number(dimensions));
    fillKnn(db, model, Number(dimensions));
    setMeta(db, 'vectors.knn', 'on');
  }).immediate();
  return true;
}

/**
 * The vector index over `db`; sqlite-vec must be loaded into it (loadSqliteVec). Up to
 * `exactLimit` vectors in scope are ranked exactly, more through the binary KNN shortlist.
 * Without `knn` (vectors searched elsewhere, in Chroma) no KNN table is kept.
 */
export function createVectorIndex(
  db: Db,
  options: { exactLimit?: number; knn?: boolean } = {},
): VectorIndex {
  const exact = options.exactLimit ?? EXACT_LIMIT;
  const knn = options.knn ?? true;
  return {
    model: () => meta(db, 'vectors.model'),
    dimensions() {
      const value = meta(db, 'vectors.dimensions');
      return value === undefined ? undefined : Number(value);
    },
    begin(model, dimensions) {
      db.transaction(() => ensureSpace(db, model, dimensions, knn)).immediate();
    },
    filling: () => meta(db, 'vectors.filling'),
    previous: () => meta(db, 'vectors.previous'),
    finishFilling(model) {
      if (meta(db, 'vectors.filling') !== model) return;
      stmt(
        db,
        "DELETE FROM recall_meta WHERE key IN ('vectors.filling', 'vectors.previous')",
      ).run();
    },
    pending: (model, limit) => pending(db, model, limit),
    store: (model, items, at) => store(db, model, items, at, knn),
    search: (vector, filters, limit, root) => nearest(db, vector, { filters, limit, root, exact }),
    counts: (model) => ({
      embedded: stmt(db, 'SELECT COUNT(*) FROM recall_vectors WHERE model = ?')
        .pluck()
        .get(model) as number,
      total: stmt(db, 'SELECT COUNT(*) AS n FROM observations').pluck().get() as number,
    }),
    sweep: () => sweep(db),
    drop(ids) {
      if (!tableExists(db)) return;
      const remove = stmt(db, `DELETE FROM ${VEC_TABLE} WHERE rowid = ?`);
      db.transaction(() => ids.forEach((id) => remove.run(BigInt(id)))).immediate();
    },
  };
}
