/**
 * What claude-mem has put in front of the model in each Claude Code session: the observations
 * of the SessionStart index and of prompt-time and file-time recall, and the files file-time
 * recall has spoken about. Kept in the database, not the worker's memory, so "never the same
 * memory twice in a session" survives a worker restart. Keyed by Claude Code's session id
 * (the session's row may not be ingested yet when its index is built); rows are pruned by age.
 */
export const recallInjected = `
CREATE TABLE recall_injected (
  session_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('observation', 'file')),
  item TEXT NOT NULL,
  moment TEXT NOT NULL CHECK (moment IN ('session-start', 'prompt', 'file')),
  at INTEGER NOT NULL,
  PRIMARY KEY (session_id, kind, item)
) WITHOUT ROWID;
CREATE INDEX recall_injected_at ON recall_injected (at);
`;
