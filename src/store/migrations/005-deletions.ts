/**
 * Deletions: one row per deleted observation, summary or prompt, written by triggers so that
 * every way of deleting (forget, purge, retention, the viewer, another connection) is seen by
 * the viewer's live stream, which reads this table by id as it reads the others. Only about the
 * last 10,000 rows are kept: the stream needs the recent past, not a history.
 */
export const deletions = `
CREATE TABLE deletions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  item_id INTEGER NOT NULL
);

CREATE TRIGGER observations_deleted AFTER DELETE ON observations BEGIN
  INSERT INTO deletions (kind, item_id) VALUES ('observation', old.id);
END;
CREATE TRIGGER summaries_deleted AFTER DELETE ON summaries BEGIN
  INSERT INTO deletions (kind, item_id) VALUES ('summary', old.id);
END;
CREATE TRIGGER prompts_deleted AFTER DELETE ON prompts BEGIN
  INSERT INTO deletions (kind, item_id) VALUES ('prompt', old.id);
END;
CREATE TRIGGER deletions_bounded AFTER INSERT ON deletions WHEN new.id % 1000 = 0 BEGIN
  DELETE FROM deletions WHERE id <= new.id - 10000;
END;
`;
