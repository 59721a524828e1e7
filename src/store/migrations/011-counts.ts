/**
 * Observations per project, kept by triggers: the SessionStart context shows "N of <total>",
 * and counting a project's rows by index reads all of them (~500k index entries, tens of
 * milliseconds, for a project of a million-row memory). The count is now one row read.
 */
export const counts = `
CREATE TABLE observation_counts (
  project TEXT PRIMARY KEY,
  n INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO observation_counts (project, n)
SELECT project, COUNT(*) FROM observations GROUP BY project;

CREATE TRIGGER observation_counts_insert AFTER INSERT ON observations BEGIN
  INSERT INTO observation_counts (project, n) VALUES (new.project, 1)
  ON CONFLICT (project) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER observation_counts_delete AFTER DELETE ON observations BEGIN
  UPDATE observation_counts SET n = n - 1 WHERE project = old.project;
END;
CREATE TRIGGER observation_counts_move AFTER UPDATE OF project ON observations
WHEN old.project IS NOT new.project BEGIN
  UPDATE observation_counts SET n = n - 1 WHERE project = old.project;
  INSERT INTO observation_counts (project, n) VALUES (new.project, 1)
  ON CONFLICT (project) DO UPDATE SET n = n + 1;
END;
`;
