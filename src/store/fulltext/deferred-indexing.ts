import { queueInserted } from '../migrations/008-team.ts';
import { agentsOfInserted } from '../migrations/012-agents.ts';
import { BASENAME, listOf } from '../migrations/013-recall-injected.ts';
import { horizonAfterBatch } from './search-horizon.ts';
import { stmt, type Db } from '../statements.ts';

/** The trigger that keeps observations_fts in step with each inserted row. */
const FTS_TRIGGER = 'observations_fts_insert';
const FTS = 'observations_fts';
/** FTS5's own automerge when none is configured. */
const DEFAULT_AUTOMERGE = 4;
/**
 * Segments of one level that FTS5 lets pile up during a batch before it merges them. FTS5
 * merges as it writes, and at 1M observations merging 4 segments at a time took about a fifth of
 * a bulk import (bench/REPORT.md, "Bulk rate"); the worker's idle merge steps (src/store/
 * maintenance.ts) bring the levels back down after the import.
 */
const BATCH_AUTOMERGE = 16;
const INSERT_VALUES = /^\s*(INSERT\s+INTO\s+\S+\s*\([^)]*\))\s*VALUES\s*\(([\s\S]*)\)\s*$/i;
const INSERTED = 'SELECT id FROM temp.bulk_inserted';

/**
 * The other per-row insert triggers of observations (migrations 008 team queue, 011 counts, 012
 * agents, 013 file names, 015 the search horizon), each with the statements that do the same
 * for every row of a batch at once. Any row trigger on the table, even one whose WHEN is false,
 * doubled the cost of an insert (26-33 against 11-17 us a row, in process), and an upsert a row
 * and a json_each a row cost a bulk insert about a fifth of its time. bulk-insert.test.ts checks
 * that both ways leave the same rows (search-horizon.test.ts, the horizon's).
 */
const SET_BASED: Readonly<Record<string, readonly string[]>> = {
  observation_counts_insert: [
    `INSERT INTO observation_counts (project, n)
    SELECT project, count(*) FROM observations WHERE id IN (${INSERTED}) GROUP BY project
    ON CONFLICT (project) DO UPDATE SET n = n + excluded.n`,
  ],
  observation_file_names_insert: [
    `INSERT OR IGNORE INTO observation_file_names
    (name, observation_id)
    SELECT ${BASENAME('f.value')}, o.id FROM observations o, ${listOf('o.files_read')} f
      WHERE o.id IN (${INSERTED})
    UNION SELECT ${BASENAME('f.value')}, o.id FROM observations o, ${listOf('o.files_modified')} f
      WHERE o.id IN (${INSERTED})`,
  ],
  observations_agent: [agentsOfInserted(INSERTED)],
  observations_recent_insert: horizonAfterBatch(INSERTED),
  observations_team_insert: queueInserted('observations', 'observation', INSERTED),
};

/** A trigger dropped for a batch: its CREATE statement, and what replaces it at the end. */
interface Deferred {
  name: string;
  create: string;
  statements: readonly string[];
}

const triggerSql = (db: Db, name: string): string | undefined =>
  stmt(db, "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
    .pluck()
    .get(name) as string | undefined;

/**
 * The FTS trigger's body rewritten as one set-based statement per INSERT: `VALUES (new.x, ...)`
 * becomes `SELECT new.x, ... FROM observations AS new` over the rows inserted meanwhile. Derived
 * from the stored trigger (not written out here) so whatever the schema indexes (its columns,
 * its tokeniser's preprocessing) is indexed alike. Undefined when the body has another shape:
 * the trigger then stays and indexes row by row.
 */
function setBasedFts(db: Db): Deferred | undefined {
  const create = triggerSql(db, FTS_TRIGGER);
  const body = create?.match(/\bBEGIN\b([\s\S]*)\bEND\s*;?\s*$/i)?.[1];
  if (!create || body === undefined) return undefined;
  const statements = body.split(';').filter((part) => part.trim() !== '');
  const inserts = statements.map((part) => part.match(INSERT_VALUES));
  if (inserts.length === 0 || inserts.some((match) => !match)) return undefined;
  const automerge = (n: number) => `INSERT INTO ${FTS} (${FTS}, rank) VALUES ('automerge', ${n})`;
  const configured = stmt(db, `SELECT v FROM ${FTS}_config WHERE k = 'automerge'`).pluck().get();
  return {
    name: FTS_TRIGGER,
    create,
    statements: [
      automerge(BATCH_AUTOMERGE),
      ...inserts.map(
        (match) => `${match![1]} SELECT ${match![2]} FROM observations AS new
         WHERE new.id IN (${INSERTED})`,
      ),
      // Set back in the same transaction: no reader or later writer sees the batch's setting.
      automerge(typeof configured === 'number' ? configured : DEFAULT_AUTOMERGE),
    ],
  };
}

/** Every insert trigger this schema has that a batch can replace; missing ones stay missing. */
function deferrable(db: Db): Deferred[] {
  const fts = setBasedFts(db);
  const others = Object.entries(SET_BASED).flatMap(([name, statement]) => {
    const create = triggerSql(db, name);
    return create ? [{ name, create, statements: statement }] : [];
  });
  return fts ? [fts, ...others] : others;
}

/** Tells the batch about a row inserted with an id of its own choosing (an import keeping ids). */
export type NoteInserted = (id: number | bigint) => void;

/**
 * Runs `insert` in one IMMEDIATE transaction with the per-row work of the observation insert
 * triggers (full-text indexing, per-project counts, file names, agents, the team queue)
 * deferred to its end and done there as set-based statements: FTS5 takes rows about 2x faster
 * that way than one trigger call a row (bench/search-latency.ts). Readers never see a trigger
 * missing: each is dropped and recreated inside the same transaction. `insert` may only insert
 * observations (an update or delete of a row not yet indexed would unbalance the index). The
 * batch's rows are found without a trigger: those given the next free id are the ids past the
 * largest before it; `insert` passes to `noteInserted` every row it gave an explicit id.
 */
export function withDeferredIndexing<T>(db: Db, insert: (noteInserted: NoteInserted) => T): T {
  return db
    .transaction(() => {
      const explicit: Array<number | bigint> = [];
      const noteInserted: NoteInserted = (id) => explicit.push(id);
      const deferred = deferrable(db);
      if (deferred.length === 0) return insert(noteInserted);
      const before = stmt(db, 'SELECT max(id) FROM observations').pluck().get() ?? 0;
      db.exec(deferred.map(({ name }) => `DROP TRIGGER ${name};`).join('\n'));
      const result = insert(noteInserted);
      db.exec(`CREATE TEMP TABLE IF NOT EXISTS bulk_inserted (id INTEGER PRIMARY KEY);
        DELETE FROM temp.bulk_inserted;`);
      db.prepare(
        'INSERT INTO temp.bulk_inserted (id) SELECT id FROM observations WHERE id > ?',
      ).run(before);
      const note = db.prepare('INSERT OR IGNORE INTO temp.bulk_inserted (id) VALUES (?)');
      for (const id of explicit) note.run(id);
      for (const sql of deferred.flatMap(({ statements }) => statements)) db.prepare(sql).run();
      db.exec('DELETE FROM temp.bulk_inserted;');
      for (const { create } of deferred) db.exec(create);
      return result;
    })
    .immediate();
}
