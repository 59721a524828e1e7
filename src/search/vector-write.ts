import { EmbedderError } from './embedders/embedder.ts';
import { stmt, type Db } from '../store/index.ts';
import { blob } from './vector-rank.ts';
import {
  bucketOf,
  ensureSpace,
  INSERT_KNN,
  knnBits,
  knnBlob,
  META,
  setMeta,
  tableExists,
  VEC_TABLE,
} from './vector-space.ts';

// The write side of the vector index: vectors stored (recall_vectors and the KNN table), the
// rows still to embed, and KNN entries of deleted observations removed.

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

/** Observations without a current vector of `model`, newest first. */
export function pending(db: Db, model: string, limit: number): PendingRow[] {
  return stmt(
    db,
    `SELECT o.id, o.project, o.updated_at, o.title, o.subtitle, o.narrative, o.facts, o.concepts
     FROM observations o LEFT JOIN recall_vectors v ON v.observation_id = o.id
     WHERE v.observation_id IS NULL OR v.model <> @model OR v.source_updated_at <> o.updated_at
     ORDER BY o.id DESC LIMIT @limit`,
  ).all({ model, limit }) as PendingRow[];
}
/** Removes KNN entries whose observation is gone; returns how many. */
export function sweep(db: Db): number {
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
/** Stores vectors, beginning a new space when the model or the size changes. */
export function store(
  db: Db,
  model: string,
  items: readonly VectorItem[],
  at: number,
  knn: boolean,
) {
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
    if (!knn) setMeta(db, META.knn, 'off');
  }).immediate();
}
/** Removes the KNN entries of these (deleted) observations. */
export function dropKnn(db: Db, ids: readonly number[]): void {
  if (!tableExists(db)) return;
  const remove = stmt(db, `DELETE FROM ${VEC_TABLE} WHERE rowid = ?`);
  db.transaction(() => ids.forEach((id) => remove.run(BigInt(id)))).immediate();
}
