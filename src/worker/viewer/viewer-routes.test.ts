import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { test, type TestContext } from 'node:test';
import {
  seedObservation,
  seedPrompt,
  seedSession,
  seedSummary,
} from '../../../test/helpers/seed-memory.ts';
import { viewerApp } from '../../../test/helpers/viewer-app.ts';
import { SETTINGS_SCHEMA, settingsFile } from '../../config/index.ts';

const NOW = 1_750_000_000_000;

type Body = Record<string, unknown> & { items?: Array<Record<string, unknown>> };

const setup = (t: TestContext) => viewerApp<Body>(t, NOW);

function seed(deps: ReturnType<typeof setup>['deps']) {
  const s = seedSession(deps.db, 'sess-1', 'alpha');
  seedPrompt(deps.db, s, 'Fix the parser', NOW - 5_000);
  const a = seedObservation(deps.db, {
    title: 'Fixed the parser',
    type: 'bugfix',
    sessionRowId: s,
    createdAt: NOW - 4_000,
  });
  const b = seedObservation(deps.db, {
    title: 'Read the docs',
    project: 'beta',
    createdAt: NOW - 3_000,
  });
  seedSummary(deps.db, { sessionRowId: s, request: 'Fix the parser', createdAt: NOW - 2_000 });
  return { a, b };
}

test('GET /api/feed pages items newest first with a cursor, and filters by project and type', async (t) => {
  const { deps, get } = setup(t);
  const { a } = seed(deps);
  const first = await get('/api/feed?limit=2');
  assert.deepEqual(
    first.body.items?.map((i) => i.key),
    ['summary:1', `observation:2`],
  );
  const rest = await get(`/api/feed?limit=2&before=${String(first.body.next)}`);
  assert.deepEqual(
    rest.body.items?.map((i) => i.key),
    [`observation:${a}`, 'prompt:1'],
  );
  assert.equal(rest.body.next, null);
  const bugs = await get('/api/feed?type=bugfix');
  assert.deepEqual(
    bugs.body.items?.map((i) => [i.title, i.pinned, i.cost]),
    [['Fixed the parser', false, { usd: 0, note: 'no LLM call' }]],
  );
  const beta = await get('/api/observations?project=beta');
  assert.deepEqual(
    beta.body.items?.map((i) => i.title),
    ['Read the docs'],
  );
  const summaries = await get('/api/summaries');
  assert.deepEqual(
    summaries.body.items?.map((i) => i.request),
    ['Fix the parser'],
  );
  const byIds = await get('/api/observations?ids=2,1');
  assert.deepEqual(
    byIds.body.items?.map((i) => i.id),
    [2, 1],
  );
});

test('GET /api/feed refuses a malformed cursor, type or kind with the field named', async (t) => {
  const { get } = setup(t);
  for (const query of ['before=abc', 'type=poem', 'kind=tweet', 'limit=0', 'ids=1,x']) {
    const res = await get(`/api/feed?${query}`);
    assert.equal(res.status, 400, query);
    assert.match(
      String((res.body.error as { message: string }).message),
      new RegExp(query.split('=')[0] ?? ''),
    );
  }
});

test('GET /api/stats and /api/projects count what is stored', async (t) => {
  const { deps, get } = setup(t);
  seed(deps);
  const stats = await get('/api/stats');
  assert.equal(stats.body.observations, 2);
  assert.equal(stats.body.projects, 2);
  assert.equal(stats.body.tokensToday, 0);
  assert.equal(stats.body.costTodayUsd, 0);
  assert.ok(Number(stats.body.databaseBytes) > 0);
  const projects = await get('/api/projects');
  assert.deepEqual(projects.body.items?.map((p) => p.name).sort(), ['alpha', 'beta']);
});

test('PATCH /api/observations/:id edits title, narrative and facts; search sees it at once', async (t) => {
  const { deps, call } = setup(t);
  const { a } = seed(deps);
  const res = await call('PATCH', `/api/observations/${a}`, {
    title: 'Mended the zebra parser',
    facts: ['f1'],
  });
  assert.equal(res.status, 200);
  assert.deepEqual(
    [res.body.title, res.body.facts, res.body.narrative],
    ['Mended the zebra parser', ['f1'], ''],
  );
  const hits = deps.db
    .prepare("SELECT rowid FROM observations_fts WHERE observations_fts MATCH 'zebra'")
    .pluck()
    .all();
  assert.deepEqual(hits, [a]);
});

test('PATCH refuses no token, an empty edit, an empty title and an unknown id', async (t) => {
  const { deps, call } = setup(t);
  const { a } = seed(deps);
  assert.equal((await call('PATCH', `/api/observations/${a}`, { title: 'x' }, null)).status, 401);
  assert.equal((await call('PATCH', `/api/observations/${a}`, {})).status, 400);
  assert.equal((await call('PATCH', `/api/observations/${a}`, { title: '  ' })).status, 400);
  assert.equal((await call('PATCH', '/api/observations/999', { title: 'x' })).status, 404);
  assert.equal((await call('PATCH', '/api/observations/abc', { title: 'x' })).status, 400);
});

test('POST /api/observations/:id/pin pins and unpins', async (t) => {
  const { deps, call } = setup(t);
  const { a } = seed(deps);
  assert.equal((await call('POST', `/api/observations/${a}/pin`, {})).body.pinned, true);
  assert.equal(
    (await call('POST', `/api/observations/${a}/pin`, { pinned: false })).body.pinned,
    false,
  );
  assert.equal((await call('POST', '/api/observations/999/pin', {})).status, 404);
});

test('PUT /api/settings names every invalid field and saves nothing when one is invalid', async (t) => {
  const { deps, call } = setup(t);
  const res = await call('PUT', '/api/settings', {
    values: {
      'context.maxTokens': 99_999,
      'log.level': 'debug',
      'no.such': 1,
      'capture.enabled': 'yes',
    },
  });
  assert.equal(res.status, 400);
  assert.deepEqual(res.body.errors, {
    'context.maxTokens': 'expected an integer from 200 to 2000',
    'no.such': 'unknown setting',
    'capture.enabled': 'expected true or false',
  });
  assert.equal(existsSync(settingsFile(deps.dataDir)), false);
});

test('PUT /api/settings saves valid values; GET says what the running worker still uses', async (t) => {
  const { deps, call, get } = setup(t);
  const res = await call('PUT', '/api/settings', {
    values: {
      'context.maxTokens': 1200,
      'capture.skipTools': ['Read'],
      'compress.openai.model': 'llama3',
    },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(JSON.parse(readFileSync(settingsFile(deps.dataDir), 'utf8')), {
    context: { maxTokens: 1200 },
    capture: { skipTools: ['Read'] },
    compress: { openai: { model: 'llama3' } },
  });
  const items = (await get('/api/settings')).body.items ?? [];
  const byKey = new Map(items.map((item) => [item.key, item]));
  assert.deepEqual(
    ['value', 'running', 'applies', 'input'].map((f) => byKey.get('context.maxTokens')?.[f]),
    [1200, 1500, 'restart', 'integer'],
  );
  assert.deepEqual(byKey.get('capture.skipTools')?.applies, 'next-hook');
  assert.deepEqual(byKey.get('log.level')?.choices, ['debug', 'info', 'warn', 'error']);
  assert.equal(byKey.get('capture.enabled')?.input, 'boolean');
});

test('GET /api/settings gives the groups in order and each setting its group, label, help and effects', async (t) => {
  const { get } = setup(t);
  const body = (await get('/api/settings')).body as Body & { groups: Array<{ id: string }> };
  assert.deepEqual(
    body.groups.map((g) => g.id),
    ['capture', 'compress', 'recall', 'team', 'storage', 'advanced'],
  );
  const byKey = new Map((body.items ?? []).map((item) => [item.key, item]));
  assert.deepEqual(
    ['group', 'label'].map((f) => byKey.get('context.maxTokens')?.[f]),
    ['recall', 'Session start budget (tokens)'],
  );
  assert.deepEqual(Object.keys(byKey.get('search.mode')?.effects ?? {}), [
    'fts',
    'vector',
    'hybrid',
  ]);
  assert.equal(byKey.size, Object.keys(SETTINGS_SCHEMA).length);
  assert.ok([...byKey.values()].every((item) => typeof item.help === 'string' && item.help));
});

test('PUT /api/settings refuses openai without a model, and saves it with one in any key order', async (t) => {
  const { deps, call } = setup(t);
  const refused = await call('PUT', '/api/settings', { values: { 'compress.provider': 'openai' } });
  assert.equal(refused.status, 400);
  assert.match(
    (refused.body as { errors?: Record<string, string> }).errors?.['compress.provider'] ?? '',
    /compress\.openai\.model is not set/,
  );
  assert.equal(existsSync(settingsFile(deps.dataDir)), false);
  const saved = await call('PUT', '/api/settings', {
    values: { 'compress.provider': 'openai', 'compress.openai.model': 'qwen2.5-coder:7b' },
  });
  assert.equal(saved.status, 200);
  assert.deepEqual(JSON.parse(readFileSync(settingsFile(deps.dataDir), 'utf8')), {
    compress: { openai: { model: 'qwen2.5-coder:7b' }, provider: 'openai' },
  });
});

test('PUT /api/settings over a settings.json that is not JSON answers 409 and keeps the file', async (t) => {
  const { deps, call } = setup(t);
  writeFileSync(settingsFile(deps.dataDir), '{"custom": ');
  const res = await call('PUT', '/api/settings', { values: { 'context.maxTokens': 1200 } });
  assert.equal(res.status, 409);
  assert.match(
    String((res.body.error as { message: string }).message),
    /settings\.json: not valid JSON .*fix or remove it first \(nothing was saved\)$/,
  );
  assert.equal(readFileSync(settingsFile(deps.dataDir), 'utf8'), '{"custom": ');
});

test('GET /api/viewer/context-preview builds the context with unsaved context settings', async (t) => {
  const { deps, get } = setup(t);
  seed(deps);
  deps.db.prepare('UPDATE observations SET pinned = 1 WHERE id = 1').run();
  const res = await get(
    '/api/viewer/context-preview?project=alpha&maxTokens=300&maxObservations=abc',
  );
  assert.equal(res.status, 200);
  assert.deepEqual([res.body.maxTokens, res.body.maxObservations], [300, 60]);
  assert.match(String(res.body.text), /pinned[^]*Fixed the parser/);
  assert.equal((await get('/api/viewer/context-preview')).status, 400);
});
