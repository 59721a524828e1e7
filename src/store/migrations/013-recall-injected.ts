/** The last path segment of `value` in SQL: what follows its last `/`. */
export const BASENAME = (value: string): string =>
  `substr(${value}, length(rtrim(${value}, replace(${value}, '/', ''))) + 1)`;

/** The items of the JSON list in `column`, none when it is not valid JSON. */
export const listOf = (column: string): string =>
  `json_each(CASE WHEN json_valid(${column}) THEN ${column} ELSE '[]' END)`;

const FILL = (row: string): string => `
  INSERT OR IGNORE INTO observation_file_names (name, observation_id)
  SELECT ${BASENAME('value')}, ${row}.id FROM ${listOf(`${row}.files_read`)}
  UNION SELECT ${BASENAME('value')}, ${row}.id FROM ${listOf(`${row}.files_modified`)};`;

/**
 * Recall at the moment of need (issue 15).
 *
 * `recall_injected`: what claude-mem has put in front of the model in each Claude Code session:
 * the observations of the SessionStart index and of prompt-time and file-time recall, and the
 * files file-time recall has spoken about. Kept in the database, not the worker's memory, so
 * "never the same memory twice in a session" survives a worker restart. Keyed by Claude Code's
 * session id (the session's row may not be ingested yet when its index is built); pruned by age.
 *
 * `observation_file_names`: the file names (last path segment) each observation read or
 * modified, kept by triggers: file-time recall looks a file's observations up by name through
 * this index and tests the full path only on those, instead of reading every observation row
 * (50 ms at 10k observations, in a hook's budget of a few).
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

CREATE TABLE observation_file_names (
  name TEXT NOT NULL,
  observation_id INTEGER NOT NULL,
  PRIMARY KEY (name, observation_id)
) WITHOUT ROWID;
CREATE INDEX observation_file_names_by_observation ON observation_file_names (observation_id);

CREATE TRIGGER observation_file_names_insert AFTER INSERT ON observations BEGIN${FILL('new')}
END;
CREATE TRIGGER observation_file_names_update AFTER UPDATE OF files_read, files_modified
  ON observations BEGIN
  DELETE FROM observation_file_names WHERE observation_id = old.id;${FILL('new')}
END;
CREATE TRIGGER observation_file_names_delete AFTER DELETE ON observations BEGIN
  DELETE FROM observation_file_names WHERE observation_id = old.id;
END;

INSERT OR IGNORE INTO observation_file_names (name, observation_id)
  SELECT ${BASENAME('f.value')}, o.id FROM observations o, ${listOf('o.files_read')} f
  UNION SELECT ${BASENAME('f.value')}, o.id FROM observations o, ${listOf('o.files_modified')} f;
`;
