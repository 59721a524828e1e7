/**
 * Code-aware full text and search keys (issue 15). Observations gain `search_keys`: other words
 * for the same thing (synonyms, the questions it answers, the error text a user would paste),
 * written by the compressor. The full-text index gains two columns: `search_keys`, and
 * `code_terms`, made by `cm_code_terms` (src/store/code-terms.ts, registered on every
 * connection that migrates): the files fields' paths and every camelCase word of the row split
 * at its case boundaries, so `rateLimiter.ts` is found by "rate limit" as `rate_limiter` already
 * was. The index reads its content through a view that computes `code_terms`, so 'rebuild' and
 * 'integrity-check' see what the triggers wrote; the rebuild below indexes existing rows.
 */
export const codeSearch = `
ALTER TABLE observations ADD COLUMN search_keys TEXT NOT NULL DEFAULT '';

DROP TRIGGER observations_fts_insert;
DROP TRIGGER observations_fts_delete;
DROP TRIGGER observations_fts_update;
DROP TABLE observations_fts;

CREATE VIEW observations_search AS
  SELECT id, title, subtitle, facts, narrative, concepts, search_keys,
    cm_code_terms(title, subtitle, facts, narrative, concepts, search_keys, files_read,
      files_modified) AS code_terms
  FROM observations;

CREATE VIRTUAL TABLE observations_fts USING fts5 (
  title, subtitle, facts, narrative, concepts, search_keys, code_terms,
  content = 'observations_search', content_rowid = 'id', tokenize = 'porter unicode61'
);
CREATE TRIGGER observations_fts_insert AFTER INSERT ON observations BEGIN
  INSERT INTO observations_fts (rowid, title, subtitle, facts, narrative, concepts, search_keys,
    code_terms)
  VALUES (new.id, new.title, new.subtitle, new.facts, new.narrative, new.concepts,
    new.search_keys, cm_code_terms(new.title, new.subtitle, new.facts, new.narrative,
      new.concepts, new.search_keys, new.files_read, new.files_modified));
END;
CREATE TRIGGER observations_fts_delete AFTER DELETE ON observations BEGIN
  INSERT INTO observations_fts (observations_fts, rowid, title, subtitle, facts, narrative,
    concepts, search_keys, code_terms)
  VALUES ('delete', old.id, old.title, old.subtitle, old.facts, old.narrative, old.concepts,
    old.search_keys, cm_code_terms(old.title, old.subtitle, old.facts, old.narrative,
      old.concepts, old.search_keys, old.files_read, old.files_modified));
END;
CREATE TRIGGER observations_fts_update AFTER UPDATE OF title, subtitle, facts, narrative,
  concepts, search_keys, files_read, files_modified ON observations BEGIN
  INSERT INTO observations_fts (observations_fts, rowid, title, subtitle, facts, narrative,
    concepts, search_keys, code_terms)
  VALUES ('delete', old.id, old.title, old.subtitle, old.facts, old.narrative, old.concepts,
    old.search_keys, cm_code_terms(old.title, old.subtitle, old.facts, old.narrative,
      old.concepts, old.search_keys, old.files_read, old.files_modified));
  INSERT INTO observations_fts (rowid, title, subtitle, facts, narrative, concepts, search_keys,
    code_terms)
  VALUES (new.id, new.title, new.subtitle, new.facts, new.narrative, new.concepts,
    new.search_keys, cm_code_terms(new.title, new.subtitle, new.facts, new.narrative,
      new.concepts, new.search_keys, new.files_read, new.files_modified));
END;

INSERT INTO observations_fts (observations_fts) VALUES ('rebuild');
`;
