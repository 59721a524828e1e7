export const FTS_COLUMNS = 'title, subtitle, facts, narrative, concepts, search_keys, code_terms';

/** The index row of the trigger's `new` or `old` row: its id, text and code terms. */
export function ftsValues(row: 'new' | 'old'): string {
  const text = ['title', 'subtitle', 'facts', 'narrative', 'concepts', 'search_keys'];
  const terms = [...text, 'files_read', 'files_modified'];
  const of = (columns: string[]) => columns.map((column) => `${row}.${column}`).join(', ');
  return `${row}.id, ${of(text)}, cm_code_terms(${of(terms)})`;
}

const INSERT_NEW = `INSERT INTO observations_fts (rowid, ${FTS_COLUMNS}) VALUES (${ftsValues('new')});`;
const DELETE_OLD = `INSERT INTO observations_fts (observations_fts, rowid, ${FTS_COLUMNS}) VALUES ('delete', ${ftsValues('old')});`;

/**
 * Code-aware full text and search keys (issue 15). Observations gain `search_keys`: other words
 * for the same thing (synonyms, the questions it answers, the error text a user would paste),
 * written by the compressor. The full-text index gains two columns: `search_keys`, and
 * `code_terms`, made by `cm_code_terms` (src/store/fulltext/code-terms.ts, registered on every
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
  ${INSERT_NEW}
END;
CREATE TRIGGER observations_fts_delete AFTER DELETE ON observations BEGIN
  ${DELETE_OLD}
END;
CREATE TRIGGER observations_fts_update AFTER UPDATE OF title, subtitle, facts, narrative,
  concepts, search_keys, files_read, files_modified ON observations BEGIN
  ${DELETE_OLD}
  ${INSERT_NEW}
END;

INSERT INTO observations_fts (observations_fts) VALUES ('rebuild');
`;
