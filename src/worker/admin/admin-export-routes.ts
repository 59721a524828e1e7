import { Hono } from 'hono';
import {
  EXPORT_KINDS,
  exportPage,
  importRecords,
  setAsideImport,
  type Db,
  type ExportFilter,
  type ExportKind,
  type ExportRecord,
} from '../../store/index.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { ExportQuerySchema, ImportBodySchema, importRecordsOf } from './admin-input.ts';
import { jsonBody } from '../recall/recall-input.ts';

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
 * between pages so the worker keeps serving while a large export streams.
 */
async function* exportChunks(
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

function textStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/**
 * GET /api/admin/export?project&since&format=json|jsonl: sessions, prompts, observations and
 * summaries with their ids and provenance, streamed. POST /api/admin/import (token): merges
 * exported records with deduplication; importing the same records twice adds nothing.
 */
export function adminExportRoutes(deps: WorkerDeps): Hono {
  return new Hono()
    .get('/api/admin/export', (c) => {
      const { format, ...filter } = ExportQuerySchema.parse(c.req.query());
      const type = format === 'json' ? 'application/json' : 'application/x-ndjson';
      const body = textStream(exportChunks(deps.db, filter, format, deps.now()));
      return c.body(body, 200, { 'content-type': `${type}; charset=utf-8` });
    })
    .post('/api/admin/import', async (c) => {
      const body = ImportBodySchema.parse(await jsonBody(c.req));
      const now = deps.now();
      const { records, unsound } = importRecordsOf(body);
      for (const { record, reason } of unsound) setAsideImport(deps.db, record, reason, now);
      const result = importRecords(deps.db, records, now);
      const merged = { counts: result.counts, setAside: result.setAside + unsound.length };
      deps.log.log('info', 'import merged records', { ...merged });
      return c.json(merged);
    });
}
