import { readFileSync } from 'node:fs';
import type { Db } from '../../store/index.ts';
import { detectUse, sessionEvents, type InjectedMemory } from '../../transcripts/index.ts';
import type { SessionPlan } from '../backfill/session-plan.ts';
import { MOMENTS, type Injection, type Moment, type MomentUse } from './eval-types.ts';

interface MemoryRow {
  id: number;
  text: string;
  files_read: string;
  files_modified: string;
}

/** The words and files of the memories shown, as the use detector reads them. */
function memoryRows(db: Db, ids: readonly number[]): Map<number, MemoryRow> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare(
      `SELECT id, title || '\n' || subtitle || '\n' || narrative || '\n' || facts AS text,
              files_read, files_modified
         FROM observations WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as MemoryRow[];
  return new Map(rows.map((row) => [row.id, row]));
}

const listOf = (json: string): string[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
};

/** Each memory a moment showed, once, at the first time it showed it. */
function shownBy(
  injections: readonly Injection[],
  moment: Moment,
  rows: Map<number, MemoryRow>,
): InjectedMemory[] {
  const first = new Map<number, Injection>();
  for (const injection of injections.filter((i) => i.moment === moment)) {
    for (const id of injection.ids) if (!first.has(id)) first.set(id, injection);
  }
  return [...first].flatMap(([id, injection]) => {
    const row = rows.get(id);
    if (!row) return [];
    const files = [...listOf(row.files_read), ...listOf(row.files_modified)];
    return [{ id, at: injection.at, turn: injection.turn, files, text: row.text }];
  });
}

/**
 * Per moment, how many distinct memories it showed the session and how many of them the
 * session then used, by the ledger's use detector (`detectUse`) over the session's own main
 * transcript: fetched by id, a file or command it names, or one of its distinctive terms
 * repeated by the agent after it was shown. The transcript is read here and goes nowhere.
 */
export function useOf(
  db: Db,
  plan: SessionPlan,
  injections: readonly Injection[],
): Record<Moment, MomentUse> {
  const main = plan.files.find((file) => !file.agent);
  const events = main ? sessionEvents(readFileSync(main.path, 'utf8')) : [];
  const rows = memoryRows(db, [...new Set(injections.flatMap((i) => i.ids))]);
  const use = {} as Record<Moment, MomentUse>;
  for (const moment of MOMENTS) {
    const memories = shownBy(injections, moment, rows);
    const used = new Set(detectUse(memories, events).map((signal) => signal.observationId));
    const given = injections.filter((i) => i.moment === moment && i.ids.length > 0);
    const neverUsed = given.filter((i) => !i.ids.some((id) => used.has(id))).length;
    use[moment] = { shown: memories.length, used: used.size, injections: given.length, neverUsed };
  }
  return use;
}
