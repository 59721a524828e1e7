import { queryDb } from './db.ts';

/**
 * The tool_use_id of every event stored in the database of `dataDir`, in the order of `orderBy`
 * (`id`: as stored; `tool_use_id`: by name, for events whose arrival order is not the point).
 */
export function storedToolUseIds(dataDir: string, orderBy: 'id' | 'tool_use_id' = 'id'): string[] {
  return queryDb<{ tool_use_id: string }>(
    dataDir,
    `SELECT tool_use_id FROM events ORDER BY ${orderBy}`,
  ).map((row) => row.tool_use_id);
}
