import { stmt, type Db } from '../store/index.ts';

// Two of FTS5's own records (fts5_storage.c, fts5_index.c), read as bm25 reads them: the
// averages record (row 1 of the index's %_data table: the row count, then each column's total
// tokens) and a document's %_docsize row (its tokens per column). Both are SQLite varints. They
// are read as hex text: a Buffer a row lives outside the JavaScript heap until a collection
// notices it, and reading 100,000 documents' sizes so held 10 MB (bench/worker-rss.ts).

/** What bm25 divides by: the rows indexed and their tokens over every column. */
export interface Totals {
  rows: number;
  tokens: number;
}

/** The varints of `hex` (SQLite's encoding: 7 bits a byte, big-endian, 9th byte whole). */
function varints(hex: string): number[] {
  const out: number[] = [];
  const bytes = hex.length / 2;
  const byteAt = (i: number) => Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  for (let at = 0; at < bytes;) {
    let value = 0;
    let i = 0;
    for (; i < 8 && at < bytes; i += 1) {
      const byte = byteAt(at++);
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    if (i === 8 && at < bytes) value = value * 256 + byteAt(at++);
    out.push(value);
  }
  return out;
}

/** observations_fts's row count and total tokens, or undefined when its record is missing. */
export function readTotals(db: Db): Totals | undefined {
  const block = stmt(db, 'SELECT hex(block) FROM observations_fts_data WHERE id = 1')
    .pluck()
    .get() as string | undefined;
  if (!block) return undefined;
  const [rows = 0, ...columns] = varints(block);
  return { rows, tokens: columns.reduce((sum, n) => sum + n, 0) };
}

/** A document's length in tokens over every column, from its %_docsize record as hex. */
export const docLength = (sz: string): number => varints(sz).reduce((sum, n) => sum + n, 0);

const HEX = (code: number): number => (code <= 57 ? code - 48 : code - 55);

/**
 * The lengths of documents whose %_docsize records are given as hex joined by commas, read in
 * place (no string a document): the column sizes' varints summed.
 */
export function docLengths(records: string): number[] {
  const lengths: number[] = [];
  let sum = 0;
  let value = 0;
  let bytes = 0;
  for (let at = 0; at <= records.length; at += 2) {
    if (at === records.length || records.charCodeAt(at) === 44) {
      lengths.push(sum);
      sum = 0;
      at -= 1;
      continue;
    }
    const byte = HEX(records.charCodeAt(at)) * 16 + HEX(records.charCodeAt(at + 1));
    bytes += 1;
    value = bytes === 9 ? value * 256 + byte : value * 128 + (byte & 0x7f);
    if (bytes === 9 || (byte & 0x80) === 0) {
      sum += value;
      value = 0;
      bytes = 0;
    }
  }
  return lengths;
}
