import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../helpers/seed-memory.ts';
import { createTestDeps, TEST_HOST, TEST_TOKEN } from '../helpers/worker-deps.ts';
import { searchTool } from '../../src/mcp/tools.ts';
import { SearchInputSchema } from '../../src/mcp/tool-schemas.ts';
import { refreshHorizon } from '../../src/store/index.ts';
import { createApp } from '../../src/worker/app.ts';
import { createRecallService } from '../../src/worker/recall/recall-service.ts';

// Issue 32, past the search horizon at test size: the horizon lowered to the newest 20 rows
// from 40 on, and a term common once more than 10 rows hold it (search.exactCap, a setting).
// An old memory whose common words 60 newer rows share is found by GET /api/search and the MCP
// search tool over all projects (a project of few rows is ranked whole, row by row); a query of
// common words only carries partial, and all_time / allTime widen it.
function setup(t: TestContext) {
  const deps = createTestDeps(t, { settings: { 'search.exactCap': 10, 'search.mode': 'fts' } });
  const app = createApp(deps, [createRecallService(deps, { embedder: null })]);
  const old = seedObservation(deps.db, {
    project: 'alpha',
    title: 'Spool writes fsync before rename (kafkaesque torn-file incident)',
    narrative: 'spool reader durability decision: fsync the spool file then rename it',
  });
  for (let i = 0; i < 60; i += 1) {
    seedObservation(deps.db, {
      project: 'alpha',
      title: `spool reader change ${i}`,
      narrative: 'the spool reader durability again, fsync and rename of the spool file',
    });
  }
  assert.equal(refreshHorizon(deps.db, { rows: 20, from: 40 }), 'rebuilt');
  const get = async (path: string) => {
    const res = await app.request(path, {
      headers: { host: TEST_HOST, authorization: `Bearer ${TEST_TOKEN}` },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { old, get };
}

type Page = {
  items: Array<{ id: number }>;
  partial?: boolean;
  searched_from?: string;
  widen?: string;
};

test('GET /api/search finds the old memory by its rare word, and says when it stopped short', async (t) => {
  const { old, get } = setup(t);
  const found = (await get('/api/search?limit=5&q=why+fsync+the+spool+kafkaesque')).body as Page;
  assert.equal(found.items[0]?.id, old);
  const common = (await get('/api/search?limit=5&q=spool+fsync+durability')).body as Page;
  assert.equal(common.partial, true);
  assert.match(common.searched_from ?? '', /^\d{4}-\d\d-\d\dT/);
  assert.match(common.widen ?? '', /--all-time/);
  assert.ok(!common.items.some((item) => item.id === old));
  const all = (await get('/api/search?limit=5&q=spool+fsync+durability&all_time=1')).body as Page;
  assert.equal(all.partial, undefined);
  assert.equal((await get('/api/search?q=x&all_time=maybe')).status, 400);
});

test('the MCP search tool finds it too, and its answer says partial: true', async (t) => {
  const { old, get } = setup(t);
  const ctx = {
    project: 'alpha',
    call: async (_method: string, path: string) => get(path),
  };
  const ask = async (args: Record<string, unknown>) => {
    const result = await searchTool(ctx, SearchInputSchema.parse(args));
    return (result.content[0] as { text: string }).text;
  };
  assert.match(
    await ask({ query: 'kafkaesque spool', limit: 5, all_projects: true }),
    new RegExp(`#${old}\\b`),
  );
  assert.match(
    await ask({ query: 'spool fsync durability', limit: 5, all_projects: true }),
    /partial: true/,
  );
  assert.doesNotMatch(
    await ask({ query: 'spool fsync durability', limit: 5, allTime: true, all_projects: true }),
    /partial/,
  );
});
