import { FTS_COLUMNS, ftsValues } from './009-code-search.ts';

/** The boundary while the horizon is kept; NULL (so every comparison is false) while it is not. */
export const HORIZON_BOUNDARY = '(SELECT boundary FROM search_horizon WHERE kept = 1)';

export const HORIZON_INSERT = `INSERT INTO observations_fts_recent (rowid, ${FTS_COLUMNS})`;
const INSERT_NEW = `${HORIZON_INSERT} VALUES (${ftsValues('new')});`;
const DELETE_OLD = `INSERT INTO observations_fts_recent (observations_fts_recent, rowid, ${FTS_COLUMNS})
  VALUES ('delete', ${ftsValues('old')});`;

/**
 * The search horizon (issue 20): a second full-text index over the newest observations only,
 * so that a search in a large memory ranks its window with bm25 statistics of a bounded index
 * (bm25 counts each term's documents over the whole index first, which grows with the memory).
 * `search_horizon` says which rows it holds: every observation with an id past `boundary`, while
 * `kept` is 1. While `kept` is 0 (a small memory, or a bulk insert that skipped it) it holds
 * nothing that search uses, and the triggers leave it alone. src/store/fulltext/search-horizon.ts
 * rebuilds it in idle time.
 */
export const searchHorizon = `
CREATE TABLE search_horizon (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  boundary INTEGER NOT NULL,
  kept INTEGER NOT NULL CHECK (kept IN (0, 1))
);
INSERT INTO search_horizon (id, boundary, kept) VALUES (1, 0, 0);

CREATE VIRTUAL TABLE observations_fts_recent USING fts5 (
  ${FTS_COLUMNS},
  content = 'observations_search', content_rowid = 'id', tokenize = 'porter unicode61'
);
INSERT INTO observations_fts_recent (observations_fts_recent, rank) VALUES ('hashsize', ${8 * 1024 * 1024});

CREATE TRIGGER observations_recent_insert AFTER INSERT ON observations
WHEN new.id > ${HORIZON_BOUNDARY} BEGIN
  ${INSERT_NEW}
END;
CREATE TRIGGER observations_recent_delete AFTER DELETE ON observations
WHEN old.id > ${HORIZON_BOUNDARY} BEGIN
  ${DELETE_OLD}
END;
CREATE TRIGGER observations_recent_update AFTER UPDATE OF title, subtitle, facts, narrative,
  concepts, search_keys, files_read, files_modified ON observations
WHEN old.id > ${HORIZON_BOUNDARY} BEGIN
  ${DELETE_OLD}
  ${INSERT_NEW}
END;
`;
