/**
 * Rows that came in and could not be made sound (issue 30): a pulled teammate's row, or a record
 * of an import, that the row door refused or that failed to store. Each is kept with its reason
 * so `team status`, `doctor` and the viewer can count and show it, and the rows after it are
 * stored (a pull still advances its cursor past it).
 */
export const setAside = `
CREATE TABLE set_aside (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL CHECK (source IN ('pull', 'import')),
  project TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL,
  ref TEXT NOT NULL DEFAULT '',
  author TEXT,
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX set_aside_by_source ON set_aside (source, id);
`;
