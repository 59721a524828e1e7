const NOW = `CAST(unixepoch('subsec') * 1000 AS INTEGER)`;

/** Makes each list column of `table` a JSON list (a bare or non-list value becomes its one entry). */
function soundLists(table: string, columns: readonly string[]): string {
  return columns
    .map(
      (c) => `UPDATE ${table} SET ${c} = CASE WHEN trim(${c}) = '' THEN '[]'
    WHEN json_valid(${c}) THEN json_array(json(${c})) ELSE json_array(${c}) END
  WHERE NOT json_valid(${c}) OR json_type(${c}) <> 'array';`,
    )
    .join('\n');
}

/** Times past an hour from now (a teammate's `9e18`) become now, negative ones 0. */
function soundTimes(table: string, columns: readonly string[]): string {
  return columns
    .map(
      (c) => `UPDATE ${table} SET ${c} = ${NOW} WHERE ${c} > ${NOW} + 3600000;
UPDATE ${table} SET ${c} = 0 WHERE ${c} < 0;`,
    )
    .join('\n');
}

const LISTS = ['files_read', 'files_modified'];

/**
 * Rows that came in and could not be made sound (issue 30): a pulled teammate's row, or a record
 * of an import, that the row door refused or that failed to store. Each is kept with its reason
 * so `team status`, `doctor` and the viewer can count and show it, and the rows after it are
 * stored (a pull still advances its cursor past it).
 *
 * The same migration mends what a store already took in before the row door (src/store/
 * row-door.ts) stood in front of pulls and imports: far-future or negative times (reads answered
 * 500), list columns that are not JSON lists (the overview answered 500), and teammates' texts
 * past the door's sizes (a 21 MB narrative printed whole).
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

${soundTimes('observations', ['created_at', 'updated_at'])}
${soundTimes('summaries', ['created_at'])}
${soundLists('observations', [...LISTS, 'facts', 'concepts'])}
${soundLists('summaries', LISTS)}
UPDATE observations SET narrative = substr(narrative, 1, 9999) || '…'
  WHERE author IS NOT NULL AND length(narrative) > 10000;
UPDATE observations SET title = substr(title, 1, 499) || '…'
  WHERE author IS NOT NULL AND length(title) > 500;
`;
