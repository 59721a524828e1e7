import type { Db } from '../statements.ts';
import {
  EXPORT_KINDS,
  exportPage,
  type ExportFilter,
  type ExportKind,
  type ExportRecord,
} from './export-import.ts';

/** What names an export; `claude-mem import` checks it. */
export const EXPORT_FORMAT = { format: 'claude-mem-export', version: 1 } as const;

const PLURAL: Record<ExportKind, string> = {
  session: 'sessions',
  prompt: 'prompts',
  observation: 'observations',
  summary: 'summaries',
};

const breathe = (): Promise<void> => new Promise((done) => setImmediate(done));

/** A page of records as text; in JSON, after `comma` (earlier items in the same array). */
function recordsText(records: ExportRecord[], format: 'json' | 'jsonl', comma: boolean): string {
  if (format === 'jsonl') return records.map((r) => `${JSON.stringify(r)}\n`).join('');
  const items = records.map(({ kind: _kind, ...rest }) => JSON.stringify(rest));
  return (comma && items.length > 0 ? ',' : '') + items.join(',');
}

/**
 * The export as text chunks, one page of rows each: JSONL (a header line, then one record a
 * line with its `kind`) or one JSON object with an array per kind. Yields to the event loop
 * between pages so a worker keeps serving while a large export streams. The worker's export
 * route and `claude-mem export` with no worker running (reading the file directly) both use
 * it, so the two give the same bytes.
 */
export async function* exportChunks(
  db: Db,
  filter: ExportFilter,
  format: 'json' | 'jsonl',
  exportedAt: number,
): AsyncGenerator<string> {
  const header = { ...EXPORT_FORMAT, exported_at: exportedAt, filter };
  yield format === 'jsonl'
    ? `${JSON.stringify({ kind: 'header', ...header })}\n`
    : JSON.stringify(header).slice(0, -1);
  for (const kind of EXPORT_KINDS) {
    if (format === 'json') yield `,"${PLURAL[kind]}":[`;
    let wrote = false;
    for (let after: number | undefined = 0; after !== undefined;) {
      const page = exportPage(db, kind, filter, after);
      yield recordsText(page.records, format, wrote);
      wrote ||= page.records.length > 0;
      after = page.next;
      await breathe();
    }
    if (format === 'json') yield ']';
  }
  if (format === 'json') yield '}\n';
}
