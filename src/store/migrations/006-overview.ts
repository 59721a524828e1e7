/**
 * For `claude-mem usage` and the viewer's overview. They show spend per project as well as per
 * day, so the project joins the usage key: SQLite cannot change a primary key in place, so the
 * table is rebuilt, and rows recorded before this version keep project '' (unknown). The
 * overview of all projects reads observations and sessions by time alone.
 */
export const overview = `
CREATE TABLE usage_by_project (
  day TEXT NOT NULL,
  project TEXT NOT NULL DEFAULT '',
  provider TEXT NOT NULL,
  model TEXT NOT NULL DEFAULT '',
  calls INTEGER NOT NULL DEFAULT 0,
  tokens_in INTEGER NOT NULL DEFAULT 0,
  tokens_out INTEGER NOT NULL DEFAULT 0,
  duration_ms INTEGER NOT NULL DEFAULT 0,
  cost_usd REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (day, project, provider, model)
);
INSERT INTO usage_by_project (day, project, provider, model, calls, tokens_in, tokens_out,
  duration_ms, cost_usd)
SELECT day, '', provider, model, calls, tokens_in, tokens_out, duration_ms, cost_usd FROM usage;
DROP TABLE usage;
ALTER TABLE usage_by_project RENAME TO usage;
CREATE INDEX usage_by_project_day ON usage (project, day);
CREATE INDEX observations_by_time ON observations (created_at);
CREATE INDEX sessions_by_time ON sessions (started_at);
`;
