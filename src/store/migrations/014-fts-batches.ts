/** Pending full-text data a transaction may hold before FTS5 writes it out as a segment. */
const PENDING_BYTES = 8 * 1024 * 1024;

/**
 * Larger in-memory batches for the full-text indexes (FTS5's `hashsize`, 1 MB by default): a
 * transaction's new terms are written out as a segment each time they reach this many bytes.
 * Bulk inserts of 10,000 observations a batch took about a tenth less time with 8 MB than with
 * 1 MB (57-59 against 63-69 us a row, two runs each); 16 and 32 MB gained nothing more. An
 * ordinary write holds a few kilobytes and is written at commit as before; the memory a bulk
 * transaction holds for it is bounded by this size.
 */
export const ftsBatches = ['observations_fts', 'summaries_fts', 'prompts_fts']
  .map((table) => `INSERT INTO ${table} (${table}, rank) VALUES ('hashsize', ${PENDING_BYTES});`)
  .join('\n');
