import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import {
  TEST_HOST,
  TEST_PORT,
  TEST_TOKEN,
  createTestDeps,
} from '../../test/helpers/worker-deps.ts';
import { promptEvent, toolEvent } from '../../test/helpers/spool-events.ts';
import { dataDirId } from '../config/index.ts';
import { writeSpoolEvent } from '../spool/index.ts';
import type { Db } from '../store/index.ts';
import { createApp } from './app.ts';
import { applyEvent } from './capture/apply-event.ts';
import type { WorkerDeps } from './worker-deps.ts';

type Headers = Record<string, string>;

/** An in-process app and a request helper that sends the loopback Host unless told otherwise. */
function setup(t: TestContext) {
  const deps = createTestDeps(t);
  const app = createApp(deps);
  const request = async (
    path: string,
    init: { method?: string; headers?: Headers; body?: string } = {},
  ) => {
    // The token unless the test says how (or whether) to authenticate.
    const given = init.headers ?? {};
    const auth: Headers =
      'authorization' in given || 'x-claude-mem-token' in given || 'anonymous' in given
        ? {}
        : { authorization: `Bearer ${TEST_TOKEN}` };
    const headers = Object.fromEntries(
      Object.entries(given).filter(([name]) => name !== 'anonymous'),
    );
    const res = await app.request(path, {
      ...init,
      headers: { host: TEST_HOST, ...auth, ...headers },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const post = (
    path: string,
    body: unknown,
    headers: Headers = { authorization: `Bearer ${TEST_TOKEN}` },
  ) =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { deps, request, post };
}

const count = (db: Db, sql: string): unknown => db.prepare(sql).pluck().get();

function seed(deps: WorkerDeps, events: Parameters<typeof applyEvent>[1][]): void {
  deps.db.transaction(() => events.forEach((event) => applyEvent(deps.db, event))).immediate();
}

const errorOf = (body: Record<string, unknown>) => body.error as { code: string; message: string };

test('GET /health reports status, version, pid, port, data folder, uptime and queue depth', async (t) => {
  const { deps, request } = setup(t);
  writeSpoolEvent(deps.dataDir, toolEvent());
  seed(deps, [toolEvent(), toolEvent()]);
  const { status, body } = await request('/health');
  assert.equal(status, 200);
  assert.deepEqual(body, {
    status: 'ok',
    version: '9.9.9-test',
    pid: process.pid,
    port: TEST_PORT,
    dataDirId: dataDirId(deps.dataDir),
    uptimeMs: 5000,
    queue: { spool: 1, pending: 2 },
    events: { pending: 2 },
    database: { ok: true },
    disk: { ok: true },
  });
});

for (const host of ['evil.example', `evil.example:${TEST_PORT}`, '127.0.0.1:1234', '']) {
  test(`a request with Host "${host}" is refused with 403`, async (t) => {
    const { request } = setup(t);
    const { status, body } = await request('/health', { headers: { host } });
    assert.equal(status, 403);
    assert.equal(errorOf(body).code, 'FORBIDDEN');
  });
}

for (const host of [`localhost:${TEST_PORT}`, `[::1]:${TEST_PORT}`]) {
  test(`the loopback name ${host} is accepted`, async (t) => {
    const { request } = setup(t);
    assert.equal((await request('/health', { headers: { host } })).status, 200);
  });
}

test('a cross-origin browser request is refused with 403', async (t) => {
  const { request } = setup(t);
  const { status } = await request('/health', { headers: { origin: 'https://evil.example' } });
  assert.equal(status, 403);
});

const initBody = { session_id: 'sess-api', cwd: '/work/shop', prompt: 'add a checkout page' };

test('a mutating call without the token gets 401 and stores nothing', async (t) => {
  const { deps, post } = setup(t);
  const { status, body } = await post('/api/sessions/init', initBody, { anonymous: '' });
  assert.equal(status, 401);
  assert.equal(errorOf(body).code, 'UNAUTHORIZED');
  assert.equal(count(deps.db, 'SELECT COUNT(*) FROM sessions'), 0);
});

test('GET /health without the token says only status, version and data folder', async (t) => {
  const { deps, request } = setup(t);
  const { status, body } = await request('/health', { headers: { anonymous: '' } });
  assert.deepEqual(
    { status, body },
    {
      status: 200,
      body: { status: 'ok', version: '9.9.9-test', dataDirId: dataDirId(deps.dataDir) },
    },
  );
});

test('GET /health with a wrong token is the anonymous answer', async (t) => {
  const { request } = setup(t);
  const { body } = await request('/health', { headers: { authorization: 'Bearer nope' } });
  assert.deepEqual(Object.keys(body), ['status', 'version', 'dataDirId']);
});

test('a mutating call with a wrong token gets 401', async (t) => {
  const { post } = setup(t);
  assert.equal(
    (await post('/api/sessions/init', initBody, { authorization: 'Bearer nope' })).status,
    401,
  );
});

test('POST /api/sessions/init with the token stores the session and the prompt', async (t) => {
  const { deps, post } = setup(t);
  const { status, body } = await post('/api/sessions/init', initBody);
  assert.deepEqual({ status, body }, { status: 200, body: { stored: true } });
  assert.deepEqual(deps.db.prepare('SELECT prompt_number, text FROM prompts').all(), [
    { prompt_number: 1, text: 'add a checkout page' },
  ]);
});

test('the token is also accepted in X-Claude-Mem-Token', async (t) => {
  const { post } = setup(t);
  assert.equal(
    (await post('/api/sessions/init', initBody, { 'x-claude-mem-token': TEST_TOKEN })).status,
    200,
  );
});

test('a fully private prompt sent to /api/sessions/init is stored nowhere, nor its tools', async (t) => {
  const { deps, post } = setup(t);
  const secret = { ...initBody, prompt: '<private>the merger closes friday</private>' };
  assert.equal((await post('/api/sessions/init', secret)).status, 200);
  const tool = { session_id: 'sess-api', cwd: '/work/shop', tool_name: 'Read', tool_input: {} };
  assert.deepEqual((await post('/api/sessions/observations', tool)).body, {
    stored: false,
    reason: 'inside a fully private turn',
  });
  assert.equal(count(deps.db, 'SELECT COUNT(*) FROM prompts'), 0);
  assert.equal(count(deps.db, 'SELECT COUNT(*) FROM events'), 0);
  assert.equal(count(deps.db, 'SELECT title FROM sessions'), null);
});

test('observations, summarize and complete store the tool event, turn end and session end', async (t) => {
  const { deps, post } = setup(t);
  await post('/api/sessions/init', initBody);
  const tool = {
    session_id: 'sess-api',
    cwd: '/work/shop',
    tool_name: 'Bash',
    tool_use_id: 'toolu_9',
    tool_input: { command: 'ls' },
    tool_response: { stdout: 'a' },
  };
  assert.deepEqual((await post('/api/sessions/observations', tool)).body, { stored: true });
  assert.deepEqual((await post('/api/sessions/observations', tool)).body, { stored: false });
  await post('/api/sessions/summarize', {
    session_id: 'sess-api',
    last_assistant_message: 'listed',
  });
  await post('/api/sessions/complete', { session_id: 'sess-api', reason: 'logout' });
  assert.deepEqual(deps.db.prepare('SELECT tool_name, prompt_number FROM events').all(), [
    { tool_name: 'Bash', prompt_number: 1 },
  ]);
  assert.equal(count(deps.db, 'SELECT last_assistant_message FROM turns'), 'listed');
  assert.equal(count(deps.db, 'SELECT status FROM sessions'), 'completed');
});

test('a body that is not JSON gets 400 naming the body', async (t) => {
  const { post } = setup(t);
  const { status, body } = await post('/api/sessions/init', '{"session_id": ');
  assert.equal(status, 400);
  assert.equal(errorOf(body).code, 'BAD_REQUEST');
  assert.match(errorOf(body).message, /^\(body\):/);
});

test('a body without session_id gets 400 naming session_id', async (t) => {
  const { post } = setup(t);
  const { status, body } = await post('/api/sessions/observations', { tool_name: 'Read' });
  assert.equal(status, 400);
  assert.match(errorOf(body).message, /^session_id:/);
});

test('an empty session_id gets 400 naming session_id', async (t) => {
  const { post } = setup(t);
  const { status, body } = await post('/api/sessions/init', { session_id: '' });
  assert.equal(status, 400);
  assert.match(errorOf(body).message, /session_id/);
});

/** Five tool events and prompts in project alpha (two sessions), one of each in beta. */
function seedProjects(deps: WorkerDeps): void {
  const beta = { project: { name: 'beta', root: '/beta' }, sessionId: 'b1' };
  seed(deps, [
    ...[1, 2, 3, 4, 5].flatMap((n) => {
      const sessionId = n <= 3 ? 'a1' : 'a2';
      return [
        promptEvent({ sessionId, text: `prompt ${n}` }),
        toolEvent({ sessionId, toolUseId: `a${n}` }),
      ];
    }),
    promptEvent({ ...beta, text: 'beta prompt' }),
    toolEvent({ ...beta, toolUseId: 'b1' }),
  ]);
}

const field = (body: Record<string, unknown>, key: string): unknown[] =>
  (body.items as Array<Record<string, unknown>>).map((item) => item[key]);

test('GET /api/events filters by project and paginates newest first', async (t) => {
  const { deps, request } = setup(t);
  seedProjects(deps);
  const first = await request('/api/events?project=alpha&limit=2');
  assert.deepEqual(field(first.body, 'tool_use_id'), ['a5', 'a4']);
  assert.deepEqual([first.body.limit, first.body.offset], [2, 0]);
  const last = await request('/api/events?project=alpha&limit=2&offset=4');
  assert.deepEqual(field(last.body, 'tool_use_id'), ['a1']);
  assert.deepEqual(field((await request('/api/events?project=beta')).body, 'tool_use_id'), ['b1']);
  assert.deepEqual(field((await request('/api/events?session_id=a2')).body, 'tool_use_id'), [
    'a5',
    'a4',
  ]);
});

test('GET /api/prompts filters by project and paginates newest first', async (t) => {
  const { deps, request } = setup(t);
  seedProjects(deps);
  const { body } = await request('/api/prompts?project=alpha&limit=3&offset=1');
  assert.deepEqual(field(body, 'text'), ['prompt 4', 'prompt 3', 'prompt 2']);
});

test('GET /api/sessions filters by project and paginates', async (t) => {
  const { deps, request } = setup(t);
  seedProjects(deps);
  assert.deepEqual(field((await request('/api/sessions?project=alpha')).body, 'session_id'), [
    'a2',
    'a1',
  ]);
  assert.deepEqual(
    field((await request('/api/sessions?project=alpha&limit=1&offset=1')).body, 'session_id'),
    ['a1'],
  );
  assert.equal(field((await request('/api/sessions')).body, 'session_id').length, 3);
});

for (const query of ['limit=0', 'limit=abc', 'limit=501', 'limit=1.5', 'offset=-1', 'state=done']) {
  test(`a listing with ${query} gets 400 naming the parameter`, async (t) => {
    const { request } = setup(t);
    const { status, body } = await request(`/api/events?${query}`);
    assert.equal(status, 400);
    assert.match(errorOf(body).message, new RegExp(`^${query.split('=')[0]}:`));
  });
}

test('every listing defaults to 50 items from offset 0', async (t) => {
  const { request } = setup(t);
  for (const path of ['/api/sessions', '/api/events', '/api/prompts']) {
    assert.deepEqual((await request(path)).body, { items: [], limit: 50, offset: 0 });
  }
});

test('an unknown route gets a JSON 404', async (t) => {
  const { request } = setup(t);
  assert.deepEqual(await request('/api/nope'), {
    status: 404,
    body: { error: { code: 'NOT_FOUND', message: 'no such endpoint' } },
  });
});

test('a one-time link sets the session cookie once; the cookie then opens reads', async (t) => {
  const deps = createTestDeps(t);
  const app = createApp(deps);
  const get = (path: string, headers: Headers = {}) =>
    app.request(path, { headers: { host: TEST_HOST, ...headers } });
  const code = deps.links.mint();
  const first = await get(`/?token=${code}`);
  const cookie = first.headers.get('set-cookie') ?? '';
  assert.deepEqual([first.status, first.headers.get('location')], [302, '/']);
  assert.match(
    cookie,
    new RegExp(`^claude_mem_${TEST_PORT}=[\\w-]+; Path=/; HttpOnly; SameSite=Strict$`),
  );
  const again = await get(`/?token=${code}`);
  assert.deepEqual([again.status, again.headers.get('set-cookie')], [401, null]);
  const session = { cookie: cookie.split(';')[0] ?? '' };
  assert.equal((await get('/api/sessions', session)).status, 200);
  assert.equal((await get('/api/sessions')).status, 401);
  assert.equal(
    (await get('/api/sessions', { cookie: `claude_mem_${TEST_PORT}=forged` })).status,
    401,
  );
});
