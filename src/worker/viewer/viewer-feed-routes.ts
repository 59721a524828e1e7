import { Hono } from 'hono';
import { statSync } from 'node:fs';
import { databaseFile } from '../../config/index.ts';
import {
  feedPage,
  getObservations,
  listProjects,
  localDay,
  memoryCounts,
  usageOfDay,
  type Db,
  type FeedKind,
} from '../../store/index.ts';
import { presentItem } from './viewer-present.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { FeedQuerySchema, encodeCursor } from './viewer-input.ts';

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The database's size on disk, its write-ahead log included. */
function databaseBytes(dataDir: string): number {
  const file = databaseFile(dataDir);
  return fileSize(file) + fileSize(`${file}-wal`);
}

function byIds(db: Db, ids: readonly number[]) {
  const items = getObservations(db, ids).map((o) => presentItem({ kind: 'observation', ...o }));
  return { items, next: null };
}

function page(db: Db, query: Record<string, string>, only?: FeedKind) {
  const q = FeedQuerySchema.parse(query);
  if (q.ids && only === 'observation') return byIds(db, q.ids);
  const kinds = only ? [only] : (q.kind ?? (q.type ? ['observation' as const] : undefined));
  const result = feedPage(
    db,
    {
      kinds: kinds ?? ['observation', 'summary', 'prompt'],
      project: q.project,
      types: q.type,
      author: q.author,
      scope: q.scope,
      agent: q.agent,
    },
    q.before,
    q.limit,
  );
  return { items: result.items.map(presentItem), next: encodeCursor(result.next) };
}

/**
 * GET /api/feed (observations, summaries and prompts, merged), /api/observations and
 * /api/summaries: newest first, `project`, `type` (observation types), `kind`, `author`, `scope`,
 * `limit`, and
 * `before` = the previous page's `next` (keyset: stable while new items arrive).
 * /api/observations?ids=3,1,2: those observations in that order (search results).
 * GET /api/projects and GET /api/stats for the header.
 */
export function viewerFeedRoutes(deps: WorkerDeps): Hono {
  return new Hono()
    .get('/api/feed', (c) => c.json(page(deps.db, c.req.query())))
    .get('/api/observations', (c) => c.json(page(deps.db, c.req.query(), 'observation')))
    .get('/api/summaries', (c) => c.json(page(deps.db, c.req.query(), 'summary')))
    .get('/api/projects', (c) => c.json({ items: listProjects(deps.db) }))
    .get('/api/stats', (c) => {
      const day = localDay(deps.now());
      const usage = usageOfDay(deps.db, day);
      const tokensToday = usage.reduce((sum, row) => sum + row.tokens_in + row.tokens_out, 0);
      const costTodayUsd = usage.reduce((sum, row) => sum + row.cost_usd, 0);
      return c.json({
        ...memoryCounts(deps.db),
        day,
        tokensToday,
        costTodayUsd,
        databaseBytes: databaseBytes(deps.dataDir),
      });
    });
}
