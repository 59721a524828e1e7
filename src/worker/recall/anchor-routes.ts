import { Hono } from 'hono';
import { z } from 'zod';
import { ANCHOR_STATES } from '../../anchors/index.ts';
import { acceptMemory, getObservations, projectObservationPage } from '../../store/index.ts';
import type { AnchorRecall } from './anchor-recall.ts';
import { AppError } from '../errors.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { IdParamSchema, jsonBody } from './recall-input.ts';

/** GET /api/anchors/verify: one page of a project's observations, by id. */
const VerifyQuerySchema = z.object({
  project: z.string().min(1).max(500),
  cwd: z.string().max(4096).optional(),
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
});

/** GET /api/anchors?ids=1,2,3 (the viewer's cards). */
const StatesQuerySchema = z.object({
  ids: z
    .string()
    .max(2000)
    .transform((text) =>
      text
        .split(',')
        .filter((id) => id.trim() !== '')
        .map(Number),
    )
    .pipe(z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(200)),
  cwd: z.string().max(4096).optional(),
});

/** POST /api/anchors/accept. */
const AcceptBodySchema = z.looseObject({
  id: IdParamSchema,
  cwd: z.string().min(1).max(4096).optional(),
});

type Counts = Record<(typeof ANCHOR_STATES)[number] | 'unanchored', number>;

/** Checks one page: counts per state, and the changed and gone observations with their files. */
function verifyPage(deps: WorkerDeps, anchors: AnchorRecall, q: z.infer<typeof VerifyQuerySchema>) {
  const page = projectObservationPage(deps.db, q.project, q.after, q.limit);
  const verdicts = anchors.verdicts(
    page.ids.map((id) => ({ id, project: q.project })),
    q.cwd,
  );
  const counts: Counts = { fresh: 0, changed: 0, gone: 0, unknown: 0, unanchored: 0 };
  for (const id of page.ids) counts[verdicts.get(id)?.state ?? 'unanchored'] += 1;
  const stale = page.ids.filter((id) =>
    ['changed', 'gone'].includes(verdicts.get(id)?.state ?? ''),
  );
  const items = getObservations(deps.db, stale).map((record) => ({
    id: record.id,
    title: record.title,
    state: verdicts.get(record.id)?.state,
    files: verdicts.get(record.id)?.files.filter((file) => file.state !== 'fresh' || file.movedTo),
  }));
  const last = page.ids[page.ids.length - 1];
  return {
    project: q.project,
    tree: anchors.treeOf(q.project, q.cwd) ?? null,
    total: page.total,
    checked: page.ids.length,
    next: page.ids.length === q.limit && last !== undefined ? last : null,
    counts,
    items,
  };
}

/**
 * GET /api/anchors (states by id, for the viewer), GET /api/anchors/verify (`claude-mem verify`, paged so the CLI can show progress) and POST
 * /api/anchors/accept (re-confirm an observation: anchor it to its files as they are now, and
 * mark it verified by the user).
 */
export function anchorRoutes(deps: WorkerDeps, anchors: AnchorRecall): Hono {
  return new Hono()
    .get('/api/anchors', (c) => {
      const q = StatesQuerySchema.parse(c.req.query());
      const verdicts = anchors.verdicts(getObservations(deps.db, q.ids), q.cwd);
      return c.json({ items: Object.fromEntries(verdicts) });
    })
    .get('/api/anchors/verify', (c) =>
      c.json(verifyPage(deps, anchors, VerifyQuerySchema.parse(c.req.query()))),
    )
    .post('/api/anchors/accept', async (c) => {
      const body = AcceptBodySchema.parse(await jsonBody(c.req));
      if (!anchors.accept(body.id, body.cwd, deps.now()))
        throw new AppError('NOT_FOUND', `no observation ${body.id}`);
      // The user's confirmation makes it verified knowledge, not a hypothesis (issue 34).
      acceptMemory(deps.db, body.id);
      const [record] = getObservations(deps.db, [body.id]);
      const verdict = anchors.verdicts([{ id: body.id, project: record?.project ?? '' }], body.cwd);
      return c.json({ id: body.id, anchor: verdict.get(body.id) ?? null, known: 'verified' });
    });
}
