/**
 * Dead ends and consolidation (issue 34).
 *
 * `dead_end_keys`: what a dead-end observation is recalled by before a tool call, `cmd:<shape>`
 * of its failed command or `file:<path>` of its failed edit, with the command that worked (a
 * PreToolUse hook of Bash reads one index entry, never the observations). Deleted with the
 * observation. `dead_end_warned`: which dead ends a Claude Code session was warned about (once
 * per session; the claim is the insert, so racing hooks cannot both warn).
 *
 * `consolidation_journal`: each applied consolidation, with the rows it changed as they were
 * before, so `consolidate --undo ID` puts them back exactly. `consolidated`: each observation a
 * consolidation took out of the memory, why (`merged`, `noise`, `superseded`) and, for a merge,
 * the one it was folded into, so the merged memory keeps every source id.
 */
export const deadEnds = `
CREATE TABLE dead_end_keys (
  project TEXT NOT NULL,
  key TEXT NOT NULL,
  observation_id INTEGER NOT NULL REFERENCES observations (id) ON DELETE CASCADE,
  fix TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (project, key, observation_id)
) WITHOUT ROWID;
CREATE INDEX dead_end_keys_by_observation ON dead_end_keys (observation_id);

CREATE TABLE dead_end_warned (
  session_id TEXT NOT NULL,
  observation_id INTEGER NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (session_id, observation_id)
) WITHOUT ROWID;
CREATE INDEX dead_end_warned_at ON dead_end_warned (at);

CREATE TABLE consolidation_journal (
  id INTEGER PRIMARY KEY,
  project TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  undone_at INTEGER,
  changeset TEXT NOT NULL,
  before_rows TEXT NOT NULL
);

CREATE TABLE consolidated (
  source_id INTEGER PRIMARY KEY,
  into_id INTEGER,
  reason TEXT NOT NULL,
  journal_id INTEGER NOT NULL REFERENCES consolidation_journal (id)
);
CREATE INDEX consolidated_into ON consolidated (into_id);
`;
