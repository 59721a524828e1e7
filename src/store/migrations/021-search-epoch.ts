/**
 * Edits and deletes of observations, counted (issue 33): src/search/term-lists.ts keeps each
 * query phrase's documents with their weighted counts and lengths between searches and reads
 * only rows appended since; a changed or removed row may change what it kept, so any change to
 * this count drops every list. Inserts are not counted (an insert trigger, even one that does
 * nothing, doubles a bulk insert's cost: store/fulltext/deferred-indexing.ts); a row inserted
 * under an old id shows as a row count the appended rows do not explain.
 */
export const searchEpoch = `
CREATE TABLE search_epoch (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n INTEGER NOT NULL
);
INSERT INTO search_epoch (id, n) VALUES (1, 0);

CREATE TRIGGER observations_epoch_update AFTER UPDATE OF title, subtitle, facts, narrative,
  concepts, search_keys, files_read, files_modified ON observations BEGIN
  UPDATE search_epoch SET n = n + 1;
END;
CREATE TRIGGER observations_epoch_delete AFTER DELETE ON observations BEGIN
  UPDATE search_epoch SET n = n + 1;
END;
`;
