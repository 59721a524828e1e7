/**
 * Team memory, the local half: every observation and summary is `private` (the default) or
 * `team`; rows pulled from teammates carry their `author` (NULL means written on this machine)
 * and are never queued back. A row gets its global id (a UUID) the first time it is shared,
 * and its `version` grows with every edit of a shared row, so the server keeps the author's
 * last write.
 *
 * The outbox is filled by triggers, as `deletions` is, so that every path that shares, edits,
 * unshares or deletes a row (CLI, viewer, MCP, forget, purge, retention, another connection) is
 * queued without each path remembering to. Upserts are read back from the row at push time (the
 * newest content wins); deletes keep the global id because the row is gone. `refused_reason`
 * holds why a row may not leave (a secret still matches at push); it is cleared by an edit.
 */
const uuid = `lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' ||
  substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) ||
  substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;
const now = `CAST(unixepoch('subsec') * 1000 AS INTEGER)`;

function teamColumns(table: string): string {
  return `
ALTER TABLE ${table} ADD COLUMN scope TEXT NOT NULL DEFAULT 'private'
  CHECK (scope IN ('private', 'team'));
ALTER TABLE ${table} ADD COLUMN global_id TEXT;
ALTER TABLE ${table} ADD COLUMN author TEXT;
ALTER TABLE ${table} ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX ${table}_by_global_id ON ${table} (global_id) WHERE global_id IS NOT NULL;
CREATE INDEX ${table}_by_scope ON ${table} (project, scope) WHERE scope = 'team';`;
}

/** Queues the row `new.id` of `table` for a push, giving it a global id first if it has none. */
function queue(table: string, kind: string, op: string): string {
  return `
  UPDATE ${table} SET global_id = ${uuid} WHERE id = new.id AND global_id IS NULL;
  INSERT INTO team_outbox (kind, item_id, global_id, op, queued_at)
    SELECT '${kind}', id, global_id, ${op}, ${now} FROM ${table} WHERE id = new.id;`;
}

/**
 * What `${table}_team_insert` does, for every row whose id `inserted` (a subquery) lists at
 * once: the deferred indexing of a bulk insert runs this in place of the per-row trigger.
 */
export function queueInserted(table: string, kind: string, inserted: string): string[] {
  const shared = `id IN (${inserted}) AND author IS NULL AND scope = 'team'`;
  return [
    `UPDATE ${table} SET global_id = ${uuid} WHERE ${shared} AND global_id IS NULL`,
    `INSERT INTO team_outbox (kind, item_id, global_id, op, queued_at)
      SELECT '${kind}', id, global_id, 'upsert', ${now} FROM ${table} WHERE ${shared} ORDER BY id`,
  ];
}

function teamTriggers(table: string, kind: string, edited: string): string {
  return `
CREATE TRIGGER ${table}_team_insert AFTER INSERT ON ${table}
WHEN new.author IS NULL AND new.scope = 'team' BEGIN${queue(table, kind, `'upsert'`)}
END;
CREATE TRIGGER ${table}_team_scope AFTER UPDATE OF scope ON ${table}
WHEN new.author IS NULL AND new.scope <> old.scope BEGIN${queue(
    table,
    kind,
    `CASE new.scope WHEN 'team' THEN 'upsert' ELSE 'delete' END`,
  )}
END;
CREATE TRIGGER ${table}_team_edit AFTER UPDATE OF ${edited} ON ${table}
WHEN new.author IS NULL AND new.scope = 'team' AND old.scope = 'team' BEGIN
  UPDATE ${table} SET version = old.version + 1 WHERE id = new.id;
  UPDATE team_outbox SET refused_reason = NULL WHERE kind = '${kind}' AND item_id = new.id;${queue(
    table,
    kind,
    `'upsert'`,
  )}
END;
CREATE TRIGGER ${table}_team_delete AFTER DELETE ON ${table}
WHEN old.author IS NULL AND old.scope = 'team' AND old.global_id IS NOT NULL BEGIN
  INSERT INTO team_outbox (kind, item_id, global_id, op, queued_at)
    VALUES ('${kind}', old.id, old.global_id, 'delete', ${now});
END;`;
}

export const team = `
${teamColumns('observations')}
${teamColumns('summaries')}

CREATE TABLE team_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('observation', 'summary')),
  item_id INTEGER NOT NULL,
  global_id TEXT NOT NULL,
  op TEXT NOT NULL CHECK (op IN ('upsert', 'delete')),
  queued_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  refused_reason TEXT
);
CREATE INDEX team_outbox_by_item ON team_outbox (kind, item_id);

CREATE TABLE team_projects (
  project TEXT PRIMARY KEY,
  team_project TEXT NOT NULL,
  pulled_seq INTEGER NOT NULL DEFAULT 0,
  last_push_at INTEGER,
  last_pull_at INTEGER,
  last_error TEXT
);
${teamTriggers(
  'observations',
  'observation',
  'type, title, subtitle, narrative, facts, concepts, files_read, files_modified',
)}
${teamTriggers(
  'summaries',
  'summary',
  'request, investigated, learned, completed, next_steps, notes, files_read, files_modified',
)}
`;
