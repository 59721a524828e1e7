/** Sessions, prompts, captured events and turn ends: everything capture writes. */
export const initial = `
CREATE TABLE ingested (
  event_uid TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL UNIQUE,
  project TEXT NOT NULL,
  project_root TEXT NOT NULL,
  cwd TEXT NOT NULL,
  git_branch TEXT,
  transcript_path TEXT,
  source TEXT,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'failed')),
  prompt_count INTEGER NOT NULL DEFAULT 0,
  title TEXT,
  started_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  ended_at INTEGER,
  end_reason TEXT,
  compacted_at INTEGER
);
CREATE INDEX sessions_by_project ON sessions (project, started_at);

CREATE TABLE prompts (
  id INTEGER PRIMARY KEY,
  event_uid TEXT NOT NULL UNIQUE,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  project TEXT NOT NULL,
  prompt_number INTEGER NOT NULL,
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX prompts_by_session ON prompts (session_id, prompt_number);
CREATE INDEX prompts_by_project ON prompts (project, created_at);

CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  event_uid TEXT NOT NULL UNIQUE,
  tool_use_id TEXT UNIQUE,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  project TEXT NOT NULL,
  prompt_number INTEGER NOT NULL,
  agent_id TEXT,
  tool_name TEXT NOT NULL,
  tool_input TEXT NOT NULL,
  tool_response TEXT,
  error TEXT,
  failed INTEGER NOT NULL DEFAULT 0,
  duration_ms INTEGER,
  created_at INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'compressed', 'skipped', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  reason TEXT,
  updated_at INTEGER NOT NULL
);
CREATE INDEX events_by_state ON events (state, session_id, prompt_number);
CREATE INDEX events_by_project ON events (project, created_at);

CREATE TABLE turns (
  id INTEGER PRIMARY KEY,
  event_uid TEXT NOT NULL UNIQUE,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  prompt_number INTEGER NOT NULL,
  agent_id TEXT,
  last_assistant_message TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'compressed', 'skipped', 'failed')),
  reason TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX turns_by_session ON turns (session_id, prompt_number);
`;
