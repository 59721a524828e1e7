/** Observations, summaries, usage, and their full-text indexes kept by triggers. */
export const memory = `
CREATE TABLE observations (
  id INTEGER PRIMARY KEY,
  session_id INTEGER REFERENCES sessions (id) ON DELETE CASCADE,
  project TEXT NOT NULL,
  prompt_number INTEGER,
  type TEXT NOT NULL,
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL DEFAULT '',
  narrative TEXT NOT NULL DEFAULT '',
  facts TEXT NOT NULL DEFAULT '[]',
  concepts TEXT NOT NULL DEFAULT '[]',
  files_read TEXT NOT NULL DEFAULT '[]',
  files_modified TEXT NOT NULL DEFAULT '[]',
  source_event_ids TEXT NOT NULL DEFAULT '[]',
  provider TEXT NOT NULL DEFAULT 'heuristic',
  model TEXT,
  tokens_in INTEGER NOT NULL DEFAULT 0,
  tokens_out INTEGER NOT NULL DEFAULT 0,
  content_hash TEXT NOT NULL,
  pinned INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (session_id, content_hash)
);
CREATE INDEX observations_by_project ON observations (project, created_at);
CREATE INDEX observations_by_session ON observations (session_id, prompt_number);

CREATE TABLE summaries (
  id INTEGER PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  project TEXT NOT NULL,
  prompt_number INTEGER NOT NULL,
  request TEXT NOT NULL DEFAULT '',
  investigated TEXT NOT NULL DEFAULT '',
  learned TEXT NOT NULL DEFAULT '',
  completed TEXT NOT NULL DEFAULT '',
  next_steps TEXT NOT NULL DEFAULT '',
  notes TEXT NOT NULL DEFAULT '',
  files_read TEXT NOT NULL DEFAULT '[]',
  files_modified TEXT NOT NULL DEFAULT '[]',
  provider TEXT NOT NULL DEFAULT 'heuristic',
  model TEXT,
  tokens_in INTEGER NOT NULL DEFAULT 0,
  tokens_out INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX summaries_by_project ON summaries (project, created_at);
CREATE INDEX summaries_by_session ON summaries (session_id, prompt_number);

CREATE TABLE usage (
  day TEXT NOT NULL,
  provider TEXT NOT NULL,
  model TEXT NOT NULL DEFAULT '',
  calls INTEGER NOT NULL DEFAULT 0,
  tokens_in INTEGER NOT NULL DEFAULT 0,
  tokens_out INTEGER NOT NULL DEFAULT 0,
  cost_usd REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (day, provider, model)
);

CREATE VIRTUAL TABLE observations_fts USING fts5 (
  title, subtitle, facts, narrative, concepts,
  content = 'observations', content_rowid = 'id', tokenize = 'porter unicode61'
);
CREATE TRIGGER observations_fts_insert AFTER INSERT ON observations BEGIN
  INSERT INTO observations_fts (rowid, title, subtitle, facts, narrative, concepts)
  VALUES (new.id, new.title, new.subtitle, new.facts, new.narrative, new.concepts);
END;
CREATE TRIGGER observations_fts_delete AFTER DELETE ON observations BEGIN
  INSERT INTO observations_fts (observations_fts, rowid, title, subtitle, facts, narrative, concepts)
  VALUES ('delete', old.id, old.title, old.subtitle, old.facts, old.narrative, old.concepts);
END;
CREATE TRIGGER observations_fts_update AFTER UPDATE OF title, subtitle, facts, narrative, concepts
ON observations BEGIN
  INSERT INTO observations_fts (observations_fts, rowid, title, subtitle, facts, narrative, concepts)
  VALUES ('delete', old.id, old.title, old.subtitle, old.facts, old.narrative, old.concepts);
  INSERT INTO observations_fts (rowid, title, subtitle, facts, narrative, concepts)
  VALUES (new.id, new.title, new.subtitle, new.facts, new.narrative, new.concepts);
END;

CREATE VIRTUAL TABLE summaries_fts USING fts5 (
  request, investigated, learned, completed, next_steps, notes,
  content = 'summaries', content_rowid = 'id', tokenize = 'porter unicode61'
);
CREATE TRIGGER summaries_fts_insert AFTER INSERT ON summaries BEGIN
  INSERT INTO summaries_fts (rowid, request, investigated, learned, completed, next_steps, notes)
  VALUES (new.id, new.request, new.investigated, new.learned, new.completed, new.next_steps, new.notes);
END;
CREATE TRIGGER summaries_fts_delete AFTER DELETE ON summaries BEGIN
  INSERT INTO summaries_fts (summaries_fts, rowid, request, investigated, learned, completed, next_steps, notes)
  VALUES ('delete', old.id, old.request, old.investigated, old.learned, old.completed, old.next_steps, old.notes);
END;
CREATE TRIGGER summaries_fts_update AFTER UPDATE OF request, investigated, learned, completed,
  next_steps, notes ON summaries BEGIN
  INSERT INTO summaries_fts (summaries_fts, rowid, request, investigated, learned, completed, next_steps, notes)
  VALUES ('delete', old.id, old.request, old.investigated, old.learned, old.completed, old.next_steps, old.notes);
  INSERT INTO summaries_fts (rowid, request, investigated, learned, completed, next_steps, notes)
  VALUES (new.id, new.request, new.investigated, new.learned, new.completed, new.next_steps, new.notes);
END;

CREATE VIRTUAL TABLE prompts_fts USING fts5 (
  text, content = 'prompts', content_rowid = 'id', tokenize = 'porter unicode61'
);
CREATE TRIGGER prompts_fts_insert AFTER INSERT ON prompts BEGIN
  INSERT INTO prompts_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER prompts_fts_delete AFTER DELETE ON prompts BEGIN
  INSERT INTO prompts_fts (prompts_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER prompts_fts_update AFTER UPDATE OF text ON prompts BEGIN
  INSERT INTO prompts_fts (prompts_fts, rowid, text) VALUES ('delete', old.id, old.text);
  INSERT INTO prompts_fts (rowid, text) VALUES (new.id, new.text);
END;
`;
