import { ftsValues } from '../migrations/009-code-search.ts';
import { HORIZON_BOUNDARY, HORIZON_INSERT } from '../migrations/015-search-horizon.ts';
import { stmt, type Db } from '../statements.ts';

/** The full-text index of the newest observations (migration 015). */
export const HORIZON_TABLE = 'observations_fts_recent';

/**
 * Observations the horizon holds after a rebuild: what search ranks in a large memory when at
 * least a page of them match. At 100,000 a search costs what it costs in a memory of that size.
 */
export const HORIZON_ROWS = 100_000;

/** Below this many observations there is no horizon: every search reads the whole index. */
export const HORIZON_FROM = 2 * HORIZON_ROWS;

/** A horizon that has come to hold this many times its rows is rebuilt, in idle time. */
const REBUILD_PAST = 1.5;

/** Rows of one bulk batch that are indexed into the horizon; a larger batch drops it instead. */
export const HORIZON_BATCH = 1000;

/**
 * The id past which every observation is in the horizon's index, or undefined when search must
 * read the whole index (no horizon kept).
 */
export function horizonBoundary(db: Db): number | undefined {
  const boundary = stmt(db, 'SELECT boundary FROM search_horizon WHERE kept = 1').pluck().get();
  return typeof boundary === 'number' ? boundary : undefined;
}

/** The statement that indexes into the horizon the observations (`new`) that `where` selects. */
const indexWhere = (where: string): string =>
  `${HORIZON_INSERT} SELECT ${ftsValues('new')} FROM observations AS new WHERE ${where}`;

/** How many observations the kept horizon holds (for `status`), or undefined when none is kept. */
export function horizonHeld(db: Db): number | undefined {
  const boundary = horizonBoundary(db);
  if (boundary === undefined) return undefined;
  return stmt(db, 'SELECT count(*) FROM observations WHERE id > ?').pluck().get(boundary) as number;
}

/**
 * What a bulk batch does in place of the horizon's insert trigger (src/store/fulltext/deferred-indexing.ts,
 * `inserted` being the statement that lists the batch's ids): a small batch is indexed, a large
 * one empties it and lets it go, and the next idle rebuild takes the newest rows again (indexing
 * every bulk row twice would cost an import about a third of its rate).
 */
export function horizonAfterBatch(inserted: string): string[] {
  const small = `(SELECT count(*) FROM (${inserted})) <= ${HORIZON_BATCH}`;
  return [
    indexWhere(`new.id IN (${inserted}) AND new.id > ${HORIZON_BOUNDARY} AND ${small}`),
    `INSERT INTO ${HORIZON_TABLE} (${HORIZON_TABLE}) SELECT 'delete-all'
      WHERE ${HORIZON_BOUNDARY} IS NOT NULL AND NOT ${small}`,
    `UPDATE search_horizon SET kept = 0, boundary = 0 WHERE kept = 1 AND NOT ${small}`,
  ];
}

/** What an idle step did to the horizon. */
export type HorizonStep = 'rebuilt' | 'dropped' | 'kept' | 'none';

/** Sizes for tests: how many rows the horizon holds, and from how many observations on. */
export interface HorizonSize {
  rows?: number;
  from?: number;
}

function drop(db: Db): void {
  db.exec(`INSERT INTO ${HORIZON_TABLE} (${HORIZON_TABLE}) VALUES ('delete-all');
    UPDATE search_horizon SET kept = 0, boundary = 0;`);
}

/** What the idle step has to do, read without the write lock. */
function nextStep(db: Db, rows: number, from: number): 'none' | 'kept' | 'drop' | 'rebuild' {
  const kept = horizonHeld(db);
  // The per-project counts (migration 011): one row each, where counting the table would read a
  // million index entries at every idle step.
  const total = stmt(db, 'SELECT coalesce(sum(n), 0) FROM observation_counts')
    .pluck()
    .get() as number;
  if (total < from) return kept === undefined ? 'none' : 'drop';
  return kept !== undefined && kept <= rows * REBUILD_PAST ? 'kept' : 'rebuild';
}

/** Indexes the newest `rows` observations into the (empty) horizon and keeps it. */
function rebuild(db: Db, rows: number): void {
  const boundary =
    (stmt(db, 'SELECT id FROM observations ORDER BY id DESC LIMIT 1 OFFSET ?').pluck().get(rows) as
      number | undefined) ?? 0;
  stmt(db, indexWhere('new.id > ?')).run(boundary);
  stmt(db, 'UPDATE search_horizon SET kept = 1, boundary = ?').run(boundary);
}

/**
 * One idle step: builds the horizon when the memory has grown past `from` observations and it
 * is missing (never built, or dropped by a bulk insert) or has grown past 1.5x its rows, with the
 * newest `rows` observations, in one transaction (about 2 s for 100,000 here); drops it when the
 * memory has shrunk below `from`. Takes the write lock only to change it.
 */
export function refreshHorizon(db: Db, size: HorizonSize = {}): HorizonStep {
  const rows = size.rows ?? HORIZON_ROWS;
  const step = nextStep(db, rows, size.from ?? HORIZON_FROM);
  if (step === 'none' || step === 'kept') return step;
  db.transaction(() => {
    drop(db);
    if (step === 'rebuild') rebuild(db, rows);
  }).immediate();
  return step === 'drop' ? 'dropped' : 'rebuilt';
}
