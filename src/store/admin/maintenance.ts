import type { Db } from '../statements.ts';

/** The full-text indexes the worker keeps merged. */
const FTS_TABLES = [
  'observations_fts',
  'observations_fts_recent',
  'summaries_fts',
  'prompts_fts',
] as const;

/**
 * Pages of merge work per index and step: FTS5 writes a new segment per transaction and merges
 * only when 4 pile up at one level (automerge), so a memory written one turn at a time carries
 * many small segments that each query reads; a bounded merge step takes a few milliseconds.
 */
export const MERGE_PAGES = 256;

/** WAL size that an idle checkpoint truncates back to zero (bytes). */
export const WAL_LIMIT_BYTES = 64 * 2 ** 20;

/**
 * Runs SQLite's own statistics upkeep: ANALYZE of the tables whose statistics are missing or
 * stale, each bounded to a sample (analysis_limit), as the SQLite docs advise for long-lived
 * connections.
 */
export function optimizeDatabase(db: Db): void {
  db.pragma('analysis_limit = 400');
  db.pragma('optimize = 0x10002');
}

/**
 * One bounded step of merging the full-text indexes' segments; true when some index had work
 * left (the caller steps again at the next idle moment).
 */
export function mergeFullText(db: Db, pages = MERGE_PAGES): boolean {
  let busy = false;
  for (const table of FTS_TABLES) {
    const before = db.prepare('SELECT total_changes()').pluck().get() as number;
    db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', ?)`).run(pages);
    const after = db.prepare('SELECT total_changes()').pluck().get() as number;
    // FTS5 counts a merge that wrote pages as changes beyond the command row itself.
    busy ||= after - before > 1;
  }
  return busy;
}

/**
 * A WAL checkpoint that never waits for readers or writers (PASSIVE), or when the WAL has grown
 * past `limitBytes` and `idle`, one that truncates it (TRUNCATE waits up to the busy timeout).
 * Returns the WAL frames left uncopied (0 when complete).
 */
export function checkpoint(db: Db, idle: boolean, limitBytes = WAL_LIMIT_BYTES): number {
  db.pragma(`journal_size_limit = ${limitBytes}`);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const [passive] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{
    log: number;
    checkpointed: number;
  }>;
  const walBytes = (passive?.log ?? 0) * pageSize;
  if (!idle || walBytes <= limitBytes) return (passive?.log ?? 0) - (passive?.checkpointed ?? 0);
  const [full] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number; log: number }>;
  return full?.busy ? (full.log ?? 0) : 0;
}

/** Pages on the free list and in the file: what VACUUM would give back. */
export function freeListInfo(db: Db): { freePages: number; pages: number; pageSize: number } {
  return {
    freePages: db.pragma('freelist_count', { simple: true }) as number,
    pages: db.pragma('page_count', { simple: true }) as number,
    pageSize: db.pragma('page_size', { simple: true }) as number,
  };
}

/** Rebuilds the file without its free pages (holds the write lock for its whole run). */
export function vacuum(db: Db): void {
  db.exec('VACUUM');
}
