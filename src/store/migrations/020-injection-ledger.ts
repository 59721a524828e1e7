/**
 * The injection ledger (issue 35).
 *
 * `injections`: every memory that reached the agent, once per Claude Code session and moment
 * (the SessionStart index, prompt-time, file-time, dead-end warnings, and what claude-mem's MCP
 * search, timeline and get_observations answered), with the tokens its part cost, the turn,
 * and `used_at`, the first use signal after it (NULL while unused). Unlike `recall_injected`,
 * which holds what the model holds now (reset by /clear and /compact, pruned after 30 days, for
 * "never twice"), the ledger is history: never reset, pruned after 400 days so `usage` can
 * show a year by month.
 *
 * `use_signals`: how a session showed it used a memory (fetched, file, command, term), in
 * which turn, and what matched (the memory's own file, command or term: no transcript text).
 *
 * `memory_use`: what ranking learns from use. `renewed_at` (a use renews the memory: its age
 * for ranking starts again) and `decay_reset_at` (injections before it no longer sink the
 * memory: the user's reset).
 *
 * The ledger starts with what `recall_injected` already knew (tokens unknown: the title's).
 */
export const injectionLedger = `
CREATE TABLE injections (
  id INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL,
  observation_id INTEGER NOT NULL,
  moment TEXT NOT NULL CHECK (moment IN
    ('session-start', 'prompt', 'file', 'dead-end', 'mcp-search', 'mcp-timeline', 'mcp-get')),
  project TEXT NOT NULL,
  turn INTEGER NOT NULL DEFAULT 0,
  tokens INTEGER NOT NULL DEFAULT 0,
  at INTEGER NOT NULL,
  used_at INTEGER,
  UNIQUE (session_id, moment, observation_id)
);
CREATE INDEX injections_at ON injections (at);
CREATE INDEX injections_observation ON injections (observation_id, at);

CREATE TABLE use_signals (
  session_id TEXT NOT NULL,
  observation_id INTEGER NOT NULL,
  signal TEXT NOT NULL CHECK (signal IN ('fetched', 'file', 'command', 'term')),
  turn INTEGER NOT NULL,
  at INTEGER NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (session_id, observation_id, signal, turn)
) WITHOUT ROWID;
CREATE INDEX use_signals_observation ON use_signals (observation_id, at);

CREATE TABLE memory_use (
  observation_id INTEGER PRIMARY KEY,
  renewed_at INTEGER,
  decay_reset_at INTEGER
);
CREATE TRIGGER memory_use_forget AFTER DELETE ON observations BEGIN
  DELETE FROM memory_use WHERE observation_id = old.id;
END;

INSERT OR IGNORE INTO injections (session_id, observation_id, moment, project, tokens, at)
  SELECT r.session_id, o.id, r.moment, o.project, 10 + (length(o.title) + 3) / 4, r.at
  FROM recall_injected r JOIN observations o ON o.id = CAST(r.item AS INTEGER)
  WHERE r.kind = 'observation';
`;
