import { Hono } from 'hono';
import { exportChunks, importRecords, setAsideImport } from '../../store/index.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { ExportQuerySchema, ImportBodySchema, importRecordsOf } from './admin-input.ts';
import { jsonBody } from '../recall/recall-input.ts';

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
