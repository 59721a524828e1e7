import { stmt, type Db } from '../store/index.ts';

// Two of FTS5's own records (fts5_storage.c, fts5_index.c), read as bm25 reads them: the
// averages record (row 1 of the index's %_data table: the row count, then each column's total
// tokens) and a document's %_docsize row (its tokens per column). Both are SQLite varints.

/** What bm25 divides by: the rows indexed and their tokens over every column. */
export interface Totals {
  rows: number;
  tokens: number;
}

/** The varints of `bytes` (SQLite's encoding: 7 bits a byte, big-endian, 9th byte whole). */
function varints(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let at = 0; at < bytes.length;) {
    let value = 0;
    let i = 0;
    for (; i < 8 && at < bytes.length; i += 1) {
      const byte = bytes[at++]!;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    if (i === 8 && at < bytes.length) value = value * 256 + bytes[at++]!;
    out.push(value);
  }
  return out;
}

/** observations_fts's row count and total tokens, or undefined when its record is missing. */
export function readTotals(db: Db): Totals | undefined {
  const block = stmt(db, 'SELECT block FROM observations_fts_data WHERE id = 1').pluck().get() as
    Buffer | undefined;
  if (!block) return undefined;
  const [rows = 0, ...columns] = varints(block);
  return { rows, tokens: columns.reduce((sum, n) => sum + n, 0) };
}

/** A document's length in tokens over every column, from its %_docsize record. */
export const docLength = (sz: Uint8Array): number => varints(sz).reduce((sum, n) => sum + n, 0);
