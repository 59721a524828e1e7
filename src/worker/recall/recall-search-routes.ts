import { Hono } from 'hono';
import { z } from 'zod';
import { detailTokensOf } from '../../domain/index.ts';
import type { SearchItem } from '../../domain/recall-api.ts';
import {
  buildTimeline,
  checkPhrasings,
  itemRef,
  parseAnchor,
  parseTime,
  searchPhrasings,
  type Anchor,
  type SearchFilters,
  type SearchRequest,
} from '../../search/index.ts';
import {
  getObservations,
  getSearchLines,
  horizonHeld,
  projectRoot,
  readSnapshot,
  type SearchLineRow,
  type TimelineItem,
} from '../../store/index.ts';
import { newestWins, withSuccessors } from '../../context/index.ts';
import { AppError } from '../errors.ts';
import type { Recall } from './recall.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import {
  SearchQuerySchema,
  TimelineQuerySchema,
  asBadRequest,
  toBadRequest,
} from './recall-input.ts';

type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** The search request a validated query stands for (dates parsed, project root looked up). */
function toRequest(deps: WorkerDeps, q: SearchQuery): SearchRequest {
  const now = deps.now();
  const filters: SearchFilters = {
    project: q.project,
    types: q.type,
    concepts: q.concept,
    files: q.file === undefined ? undefined : [q.file],
    since: q.since === undefined ? undefined : parseTime(q.since, 'since', now),
    until: q.until === undefined ? undefined : parseTime(q.until, 'until', now),
    sessionId: q.session_id,
    author: q.author,
    scope: q.scope,
    agent: q.agent,
  };
  // The root resolves relative file filters (filters.ts), and nothing else of a search.
  const root = q.project && q.file !== undefined ? projectRoot(deps.db, q.project) : undefined;
  const { limit, offset, mode } = q;
  return { query: q.q, filters, limit, offset, mode, root, allTime: q.all_time };
}

type Hit = { id: number; score: number };

const linesOf = (deps: WorkerDeps, hits: readonly Hit[]) =>
  new Map(
    getSearchLines(
      deps.db,
      hits.map((hit) => hit.id),
    ).map((r) => [r.id, r]),
  );

/** A hit's line of the index, as newest-wins and the anchors read it. */
type Line = SearchLineRow & { score: number };

/**
 * One line of the search index per hit, and above a superseded hit the memory that replaced it
 * (withSuccessors): enough to choose, not the details. A page without a superseded hit, the
 * usual one, skips the walk to successors (issue 33).
 */
function indexLines(deps: WorkerDeps, found: readonly Hit[]): Line[] {
  let records = linesOf(deps, found);
  let hits = found;
  if ([...records.values()].some((r) => r.superseded_by !== null)) {
    hits = withSuccessors(deps.db, found);
    records = linesOf(deps, hits);
  }
  return hits.flatMap((hit) => {
    const r = records.get(hit.id);
    return r ? [Object.assign(r, { score: hit.score })] : [];
  });
}

/**
 * The answer's items: newest wins (issue 34: older results below the memory that replaced them,
 * and marked), each with its anchor verdict; with `fresh`, only hits whose code is not changed
 * or gone. Each item is built once, from its line (issue 33).
 */
function answerItems(recall: Recall, lines: Line[], query: SearchQuery) {
  const { items: ordered, older } = newestWins(lines);
  const verdicts = recall.anchors.verdicts(ordered, query.cwd);
  const stale = (id: number) => ['changed', 'gone'].includes(verdicts.get(id)?.state ?? '');
  const kept = query.fresh ? ordered.filter((line) => !stale(line.id)) : ordered;
  return {
    items: kept.slice(0, query.limit).map((r) => ({
      id: r.id,
      created_at: r.created_at,
      date: new Date(r.created_at).toISOString(),
      type: r.type,
      title: r.title,
      subtitle: r.subtitle,
      project: r.project,
      session_id: r.session_id,
      pinned: r.pinned === 1,
      scope: r.scope,
      author: r.author,
      tokens: detailTokensOf(r.detail_chars),
      score: r.score,
      known: r.known ?? null,
      older: older.get(r.id) ?? null,
      anchor: verdicts.get(r.id) ?? null,
    })) satisfies SearchItem[],
    more: kept.length > query.limit,
  };
}

const timelineEntry = (item: TimelineItem, anchor: TimelineItem) => ({
  ref: itemRef(item),
  ...item,
  date: new Date(item.created_at).toISOString(),
  anchor: item.kind === anchor.kind && item.id === anchor.id,
});

async function anchorOf(recall: Recall, q: z.infer<typeof TimelineQuerySchema>): Promise<Anchor> {
  if (q.anchor !== undefined) return asBadRequest(() => parseAnchor(q.anchor ?? ''));
  const found = await recall.searcher.search({
    query: q.q ?? '',
    filters: { project: q.project },
    limit: 1,
    offset: 0,
  });
  const best = found.hits[0];
  if (!best) throw new AppError('BAD_REQUEST', 'q: nothing matches this query');
  return { kind: 'observation', id: best.id };
}

/** GET /api/search, GET /api/timeline, GET /api/recall/recent and GET /api/recall/status. */
export function recallSearchRoutes(deps: WorkerDeps, recall: Recall): Hono {
  return new Hono()
    .get('/api/search', async (c) => {
      const query = SearchQuerySchema.parse(c.req.query());
      const request = asBadRequest(() => toRequest(deps, query));
      // `q` may repeat: several phrasings of one need, fused by reciprocal rank (issue 15).
      const phrasings = asBadRequest(() => checkPhrasings(c.req.queries('q') ?? []));
      // --fresh drops hits after the search: ask for more so a page is still full.
      const wanted = query.fresh
        ? { ...request, limit: Math.min(100, request.limit * 3) }
        : request;
      const result = await searchPhrasings(recall.searcher, wanted, phrasings).catch(
        (error: unknown) => {
          throw toBadRequest(error);
        },
      );
      // The lines, their successors and anchors of one state of the store, its lock taken once.
      const { items, more } = readSnapshot(deps.db, () =>
        answerItems(recall, indexLines(deps, result.hits), query),
      );
      return c.json({
        items,
        mode: result.mode,
        limit: query.limit,
        offset: query.offset,
        hasMore: result.hasMore || more,
        ...(result.note ? { note: result.note } : {}),
        // Older matches were not ranked (a query of common words only): say so and how to widen.
        ...(result.partial
          ? {
              partial: true,
              searched_from: new Date(result.partial.from).toISOString(),
              widen: result.partial.widen,
            }
          : {}),
      });
    })
    .get('/api/timeline', async (c) => {
      const query = TimelineQuerySchema.parse(c.req.query());
      const anchor = await anchorOf(recall, query);
      const timeline = asBadRequest(() => buildTimeline(deps.db, anchor, query, query.project));
      return c.json({
        project: timeline.project,
        anchor: itemRef(timeline.anchor),
        items: timeline.items.map((item) => timelineEntry(item, timeline.anchor)),
      });
    })
    .get('/api/recall/recent', (c) => {
      // The recall log: each injected memory of the last moments, its title and why it passed.
      const moments = recall.moments.recent();
      const titles = new Map(
        getObservations(
          deps.db,
          moments.map((m) => m.id),
        ).map((r) => [r.id, r.title]),
      );
      const items = moments.map((m) => ({
        moment: m.moment,
        session_id: m.sessionId,
        id: m.id,
        title: titles.get(m.id) ?? null,
        reason: m.reason,
        date: new Date(m.at).toISOString(),
      }));
      return c.json({ items });
    })
    .get('/api/recall/status', (c) =>
      c.json({
        ...recall.status(),
        mode: deps.settings['search.mode'],
        horizon: horizonHeld(deps.db) ?? null,
      }),
    );
}
