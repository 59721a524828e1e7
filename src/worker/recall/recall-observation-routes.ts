import { Hono } from 'hono';
import { z } from 'zod';
import { resolveProject } from '../../config/index.ts';
import { estimateTokens } from '../../domain/index.ts';
import {
  assertOwnMemories,
  deleteObservations,
  findSession,
  getObservations,
  insertMemory,
  supersedeByRules,
  supersessionChain,
  type ObservationRecord,
} from '../../store/index.ts';
import type { AnchorVerdict } from '../../anchors/index.ts';
import type { ObservationDetail } from '../../domain/recall-api.ts';
import { AppError } from '../errors.ts';
import type { Recall } from './recall.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import {
  BatchBodySchema,
  ForgetBodySchema,
  IdParamSchema,
  MemoryBodySchema,
  jsonBody,
} from './recall-input.ts';

/** A full record as the API returns it: every field, dates readable, what it costs, its anchors. */
const full = (
  record: ObservationRecord,
  anchors: ReadonlyMap<number, AnchorVerdict>,
): ObservationDetail & { tokens: number } => ({
  ...record,
  pinned: record.pinned === 1,
  date: new Date(record.created_at).toISOString(),
  tokens: estimateTokens(JSON.stringify(record).length),
  anchor: anchors.get(record.id) ?? null,
});

/** Full records, each with its anchor verdict checked against the caller's tree. */
function fullRecords(
  deps: WorkerDeps,
  recall: Recall,
  records: ObservationRecord[],
  cwd: string | undefined,
) {
  const anchors = recall.anchors.verdicts(records, cwd);
  // Issue 34: each record says what superseded it and what it superseded (`show` prints it).
  return records.map((record) => ({
    ...full(record, anchors),
    chain: supersessionChain(deps.db, record.id),
  }));
}

function idOf(text: string): number {
  const parsed = IdParamSchema.safeParse(text);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'id: expected a positive whole number');
  return parsed.data;
}

function saveMemory(deps: WorkerDeps, body: z.infer<typeof MemoryBodySchema>) {
  const project = body.project ?? (body.cwd ? resolveProject(body.cwd).name : undefined);
  if (!project) throw new AppError('BAD_REQUEST', 'project: give project or cwd');
  const session = body.session_id ? findSession(deps.db, body.session_id) : undefined;
  const saved = insertMemory(deps.db, {
    project,
    title: body.title,
    text: body.text,
    type: body.type,
    concepts: body.concepts,
    files: body.files,
    sessionRowId: session?.id ?? null,
    pinned: body.pinned,
    scope: body.scope,
    at: deps.now(),
  });
  // A memory saved on purpose states what is true now as much as a compressed one (issue 34).
  supersedeByRules(deps.db, saved.id, deps.now());
  return { ...saved, project };
}

/**
 * GET /api/observations/:id and POST /api/observations/batch (full records), POST /api/memories
 * (save_memory), POST /api/observations/forget and DELETE /api/observations/:id. The POSTs and
 * the DELETE need the token like every mutating call (batch reads, but is a POST). Forgetting a
 * teammate's memory is refused (403, naming them).
 */
export function recallObservationRoutes(deps: WorkerDeps, recall: Recall): Hono {
  return new Hono()
    .get('/api/observations/:id', (c) => {
      const [record] = getObservations(deps.db, [idOf(c.req.param('id'))]);
      if (!record) throw new AppError('NOT_FOUND', `no observation ${c.req.param('id')}`);
      return c.json(fullRecords(deps, recall, [record], c.req.query('cwd'))[0]);
    })
    .post('/api/observations/batch', async (c) => {
      const { ids, cwd } = BatchBodySchema.parse(await jsonBody(c.req));
      const items = fullRecords(deps, recall, getObservations(deps.db, ids), cwd);
      const found = new Set(items.map((item) => item.id));
      return c.json({ items, missing: ids.filter((id) => !found.has(id)) });
    })
    .post('/api/memories', async (c) => {
      const saved = saveMemory(deps, MemoryBodySchema.parse(await jsonBody(c.req)));
      recall.changed();
      return c.json(saved, saved.created ? 201 : 200);
    })
    .post('/api/observations/forget', async (c) => {
      const { ids } = ForgetBodySchema.parse(await jsonBody(c.req));
      assertOwnMemories(deps.db, 'observation', ids);
      const deleted = deleteObservations(deps.db, ids);
      recall.changed(ids);
      return c.json({ deleted });
    })
    .delete('/api/observations/:id', (c) => {
      const id = idOf(c.req.param('id'));
      assertOwnMemories(deps.db, 'observation', [id]);
      const deleted = deleteObservations(deps.db, [id]);
      recall.changed([id]);
      return c.json({ deleted });
    });
}
