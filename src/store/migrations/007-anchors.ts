/**
 * Anchors: for each file an observation names, the content the agent saw (a git blob id for
 * tracked files, sha256 otherwise), its line count, and the commit and branch of the tree it was
 * made in. `kind` says how `hash` was made, or why there is none: `git`, `sha256`, `missing`
 * (the file did not exist: the agent deleted it), `binary` and `large` (never hashed: their state
 * is unknown), `late` (the file changed after the turn and before compression, so what the
 * agent saw is not known: reported changed until re-confirmed). Paths are relative to the
 * session's work tree, or absolute for files outside it. Deleting an observation deletes them.
 */
export const anchors = `
CREATE TABLE observation_anchors (
  observation_id INTEGER NOT NULL REFERENCES observations (id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  kind TEXT NOT NULL,
  hash TEXT,
  lines INTEGER,
  commit_sha TEXT,
  branch TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (observation_id, path)
) WITHOUT ROWID;
`;
