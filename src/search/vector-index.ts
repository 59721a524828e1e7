import { horizonBoundary, stmt, type Db } from '../store/index.ts';
import { filterSql, type SearchFilters } from './filters.ts';
import type { RankedId } from './fts-search.ts';
import type { NearestSearch, VectorScope } from './vector-scope.ts';
import { EXACT_LIMIT, fewInScope, narrowed, rerank } from './vector-rank.ts';
import {
  bucketOf,
  bucketStart,
  ensureSpace,
  knnBits,
  knnBlob,
  META,
  meta,
  VEC_TABLE,
} from './vector-space.ts';
import {
  dropKnn,
  pending,
  store,
  sweep,
  type PendingRow,
  type VectorItem,
} from './vector-write.ts';

export type { PendingRow, VectorItem };

// The vector index: KNN search over the current space, and the interface that ties it to the
// space's metadata (vector-space.ts) and its writes (vector-write.ts).

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
  search: NearestSearch<RankedId[]>;
  /** How many observations have a vector of `model`, and how many there are. */
  counts(model: string): { embedded: number; total: number };
  /** Removes KNN entries whose observation is gone; returns how many. */
  sweep(): number;
  /** Removes the KNN entries of these (deleted) observations. */
  drop(ids: readonly number[]): void;
}

/** sqlite-vec's largest k. */
const MAX_K = 4096;
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
function nearest(
  db: Db,
  vector: Float32Array,
  query: {
    filters: SearchFilters;
    limit: number;
    root: string | undefined;
    exact: number;
    scope: VectorScope | undefined;
  },
): RankedId[] {
  const { filters, limit } = query;
  const model = meta(db, META.model);
  // A query vector of another size comes from another model: it has no place in this space.
  const sameSize = meta(db, META.dimensions) === String(vector.length);
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
  const boundary =
    filters.until === undefined && !query.scope?.allTime ? horizonBoundary(db) : undefined;
  const recent =
    boundary === undefined ? [] : coarse(db, vector, { project, from: bucketOf(boundary) }, k);
  // The shortlist reads whole buckets: what it skipped is what lies before the boundary's bucket.
  const skippedBefore = boundary === undefined ? 0 : bucketStart(boundary);
  if (recent.length >= k && skippedBefore > 0) query.scope?.onCutoff?.({ fromId: skippedBefore });
  const ids = recent.length >= k ? recent : coarse(db, vector, { project, from: undefined }, k);
  return rerank(db, vector, where, { model, limit, candidates: JSON.stringify(ids) });
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
    model: () => meta(db, META.model),
    dimensions() {
      const value = meta(db, META.dimensions);
      return value === undefined ? undefined : Number(value);
    },
    begin(model, dimensions) {
      db.transaction(() => ensureSpace(db, model, dimensions, knn)).immediate();
    },
    filling: () => meta(db, META.filling),
    previous: () => meta(db, META.previous),
    finishFilling(model) {
      if (meta(db, META.filling) !== model) return;
      stmt(db, 'DELETE FROM recall_meta WHERE key IN (?, ?)').run(META.filling, META.previous);
    },
    pending: (model, limit) => pending(db, model, limit),
    store: (model, items, at) => store(db, model, items, at, knn),
    search: (vector, filters, limit, root, scope) =>
      nearest(db, vector, { filters, limit, root, exact, scope }),
    counts: (model) => ({
      embedded: stmt(db, 'SELECT COUNT(*) FROM recall_vectors WHERE model = ?')
        .pluck()
        .get(model) as number,
      total: stmt(db, 'SELECT COUNT(*) AS n FROM observations').pluck().get() as number,
    }),
    sweep: () => sweep(db),
    drop: (ids) => dropKnn(db, ids),
  };
}
