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

const HEX = (code: number): number => (code <= 57 ? code - 48 : code - 55);

/**
 * The varints of records given as hex joined by commas, each record's in a list, read in place
 * (no string a record). SQLite's encoding: 7 bits a byte, big-endian, a 9th byte whole.
 */
function varints(records: string): number[][] {
  const out: number[][] = [[]];
  let value = 0;
  let bytes = 0;
  for (let at = 0; at < records.length; at += 2) {
    if (records.charCodeAt(at) === 44) {
      out.push([]);
      at -= 1;
      continue;
    }
    const byte = HEX(records.charCodeAt(at)) * 16 + HEX(records.charCodeAt(at + 1));
    bytes += 1;
    value = bytes === 9 ? value * 256 + byte : value * 128 + (byte & 0x7f);
    if (bytes === 9 || (byte & 0x80) === 0) {
      out[out.length - 1]!.push(value);
      value = 0;
      bytes = 0;
    }
  }
  return out;
}

const sum = (values: number[]): number => values.reduce((total, n) => total + n, 0);

/** observations_fts's row count and total tokens, from its averages record in hex (`hex(block)`). */
export function totalsOf(block: string): Totals {
  const [rows = 0, ...columns] = varints(block)[0]!;
  return { rows, tokens: sum(columns) };
}

/** The lengths in tokens, over every column, of documents whose %_docsize records are given. */
export const docLengths = (records: string): number[] => varints(records).map(sum);
