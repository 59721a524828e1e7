/**
 * Recall: full-precision embeddings of observations (float32 blobs, which model made them and from
 * which version of the row), the vector settings in use, and indexes for pinned observations and
 * for the embedder's "anything changed?" check.
 *
 * The sqlite-vec `vec0` table (the coarse KNN index) is not created here: a virtual table of a
 * loadable extension can only be created, read or written on a connection that loaded it, and
 * migrations run on every connection (tests, CLI admin tools). The recall service loads sqlite-vec
 * and creates it at start (src/search/vector-index.ts). Nothing here references it, so a delete on
 * a connection without the extension still works; the vectors of deleted observations go with
 * the cascade below and the vec0 rows left behind are ignored and swept.
 */
export const recall = `
CREATE TABLE recall_vectors (
  observation_id INTEGER PRIMARY KEY REFERENCES observations (id) ON DELETE CASCADE,
  project TEXT NOT NULL,
  model TEXT NOT NULL,
  embedding BLOB NOT NULL,
  source_updated_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX recall_vectors_by_model ON recall_vectors (model, project);

CREATE TABLE recall_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE INDEX observations_pinned ON observations (project, created_at) WHERE pinned = 1;
CREATE INDEX observations_by_update ON observations (updated_at);
`;
