// Property-based fuzzing of the worker's HTTP request validators, in process (app.request(), no
// socket) on the whole app with every service mounted and a real database: arbitrary query
// strings, path parameters and bodies never make a route answer 500, errors come back as
// {"error": {"code", "message"}}, and the Host and token checks hold whatever else is sent.
// Fixed seed, bounded.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import fc from 'fast-check';
import { createApp } from '../../src/worker/app.ts';
import { createCompressionService } from '../../src/worker/compression/compression-service.ts';
import { createRecallService } from '../../src/worker/recall/recall-service.ts';
import { createRetentionService } from '../../src/worker/admin/retention-service.ts';
import { createViewerService } from '../../src/worker/viewer/viewer-service.ts';
import { anyText, fuzzOptions } from '../helpers/fuzz.ts';
import { seedObservation, seedSession } from '../helpers/seed-memory.ts';
import { createTestDeps, TEST_HOST, TEST_TOKEN } from '../helpers/worker-deps.ts';

const GET_PATHS = [
  '/health',
  '/api/sessions',
  '/api/events',
  '/api/prompts',
  '/api/search',
  '/api/timeline',
  '/api/context',
  '/api/observations',
  '/api/summaries',
  '/api/feed',
  '/api/projects',
  '/api/stats',
  '/api/logs',
  '/api/settings',
  '/api/failed-events',
  '/api/compression/status',
  '/api/recall/status',
  '/api/retention/status',
  '/api/viewer/context-preview',
  '/api/admin/export',
];
const BODY_ROUTES: Array<[string, string]> = [
  ['POST', '/api/sessions/init'],
  ['POST', '/api/sessions/observations'],
  ['POST', '/api/sessions/summarize'],
  ['POST', '/api/sessions/complete'],
  ['POST', '/api/observations/batch'],
  ['POST', '/api/observations/forget'],
  ['POST', '/api/memories'],
  ['PUT', '/api/settings'],
  ['POST', '/api/compression/retry'],
  ['POST', '/api/retention/run'],
  ['POST', '/api/admin/forget'],
  ['POST', '/api/admin/import'],
  ['POST', '/api/admin/backfill/sessions'],
  ['POST', '/api/admin/backfill/events'],
];
const ID_ROUTES: Array<[string, string]> = [
  ['GET', '/api/observations/:id'],
  ['PATCH', '/api/observations/:id'],
  ['DELETE', '/api/observations/:id'],
  ['POST', '/api/observations/:id/pin'],
];
const QUERY_KEYS = [
  'q',
  'project',
  'type',
  'concept',
  'file',
  'since',
  'until',
  'session_id',
  'mode',
  'limit',
  'offset',
  'anchor',
  'before',
  'after',
  'source',
  'cwd',
  'lines',
  'state',
  'format',
  'cursor',
  'kind',
  'dry_run',
  'id',
  'ids',
];
const BODY_KEYS = [
  'session_id',
  'cwd',
  'prompt',
  'tool_name',
  'tool_input',
  'tool_response',
  'ids',
  'title',
  'text',
  'type',
  'concepts',
  'files',
  'pinned',
  'project',
  'values',
  'dry_run',
  'records',
  'format',
  'sessions',
  'events',
  'since',
  'confirm',
  'narrative',
  'facts',
  'kind',
];

/** The whole worker app on a fresh database with a little memory in it. */
function fullApp(t: TestContext) {
  const deps = createTestDeps(t);
  const services = [
    createCompressionService(deps, { env: {} }),
    createRecallService(deps, { embedder: null }),
    createRetentionService(deps),
    createViewerService(deps, { uiDir: undefined, env: {} }),
  ];
  t.after(() => Promise.all(services.map((service) => service.stop())));
  const session = seedSession(deps.db, 'fuzz-session');
  for (const title of ['spool reader', 'worker port', 'fts query']) {
    seedObservation(deps.db, { title, sessionRowId: session, project: 'alpha' });
  }
  return createApp(deps, services);
}

/** A query value: plausible, numeric, or any text; sometimes sent raw instead of encoded. */
const queryValue = fc.oneof(
  fc.constantFrom('1', '0', '-1', '20', '1e9', 'NaN', 'true', 'fts', 'hybrid', 'alpha', 'startup'),
  fc.integer().map(String),
  anyText(40),
);
const queryString = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue, fc.boolean()), { maxLength: 6 })
  .map((pairs) =>
    pairs
      .map(
        ([key, value, raw]) =>
          `${key}=${raw ? value.replace(/[#\s]/g, '') : encodeURIComponent(value)}`,
      )
      .join('&'),
  );

/** A body: an object with our keys of odd types, any JSON, or text that is not JSON. */
const bodyValue = fc.oneof(
  anyText(40),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), anyText(10)), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const body = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .dictionary(fc.constantFrom(...BODY_KEYS), bodyValue, { maxKeys: 6 })
      .map((o) => JSON.stringify(o)),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: anyText(100) },
);
const idParam = fc.oneof(
  fc.nat().map(String),
  fc.constantFrom('1', '2', '0', '-1', '1.5', '9'.repeat(30)),
  anyText(20),
);

/** The status and, for errors, whether the body is the documented error shape. */
async function send(
  app: ReturnType<typeof fullApp>,
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string> } = {},
) {
  const res = await app.request(path, {
    method,
    body: init.body,
    headers: {
      host: TEST_HOST,
      authorization: `Bearer ${TEST_TOKEN}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  const text = await res.text();
  const shaped = /^\{"error":\{"code":"[A-Z_]+","message":"/.test(text);
  return { status: res.status, errorShaped: res.status < 400 || shaped };
}

test('GET routes answer arbitrary query strings with a status below 500 and shaped errors', async (t) => {
  const app = fullApp(t);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...GET_PATHS), queryString, async (path, query) => {
      const reply = await send(app, 'GET', `${path}?${query}`);
      assert.deepEqual(
        [reply.status < 500, reply.errorShaped],
        [true, true],
        `${path}?${query} -> ${reply.status}`,
      );
    }),
    fuzzOptions(1500),
  );
});

test('mutating routes answer arbitrary bodies with a status below 500 and shaped errors', async (t) => {
  const app = fullApp(t);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...BODY_ROUTES), body, async ([method, path], text) => {
      const reply = await send(app, method, path, { body: text });
      assert.deepEqual(
        [reply.status < 500, reply.errorShaped],
        [true, true],
        `${method} ${path} ${text} -> ${reply.status}`,
      );
    }),
    fuzzOptions(1500),
  );
});

test('routes with an id answer arbitrary ids and bodies with a status below 500', async (t) => {
  const app = fullApp(t);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ID_ROUTES),
      idParam,
      body,
      async ([method, route], id, text) => {
        const path = route.replace(':id', encodeURIComponent(id));
        const reply = await send(app, method, path, { body: method === 'GET' ? undefined : text });
        assert.deepEqual(
          [reply.status < 500, reply.errorShaped],
          [true, true],
          `${method} ${path} -> ${reply.status}`,
        );
      },
    ),
    fuzzOptions(800),
  );
});

test('a foreign Host is refused with 403 and a mutating call without the token with 401, whatever is sent', async (t) => {
  const app = fullApp(t);
  const host = fc.oneof(
    fc.constantFrom(
      'evil.example',
      'localhost',
      '127.0.0.1',
      '127.0.0.1:80',
      '[::1]:1',
      'localhost:37999.evil.example',
    ),
    fc.string({ maxLength: 30 }),
  );
  const route = fc.constantFrom(...BODY_ROUTES);
  await fc.assert(
    fc.asyncProperty(
      host.filter((h) => h !== TEST_HOST),
      route,
      body,
      async (h, [method, path], text) => {
        const foreign = await send(app, method, path, { body: text, headers: { host: h } });
        const tokenless = await send(app, method, path, {
          body: text,
          headers: { authorization: '' },
        });
        assert.deepEqual([foreign.status, tokenless.status], [403, 401]);
      },
    ),
    fuzzOptions(500),
  );
});
