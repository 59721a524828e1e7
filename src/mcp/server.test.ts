import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { OWN_MCP_TOOLS } from '../config/index.ts';
import type { WorkerResponse } from '../client/index.ts';
import { createMcpServer } from './server.ts';
import { WorkerUnreachableError, type WorkerCall } from './worker-client.ts';

interface Recorded {
  method: string;
  path: string;
  body?: unknown;
}

/** The in-memory twin of the worker: records calls and answers from `answers` by path prefix. */
function fakeWorker(
  answers: Record<string, WorkerResponse | Error>,
): WorkerCall & { calls: Recorded[] } {
  const calls: Recorded[] = [];
  const call = (async (method, path, body) => {
    calls.push({ method, path, body });
    const key = Object.keys(answers).find((prefix) => path.startsWith(prefix));
    const answer = key === undefined ? { status: 404, body: {} } : answers[key]!;
    if (answer instanceof Error) throw answer;
    return answer;
  }) as WorkerCall & { calls: Recorded[] };
  call.calls = calls;
  return call;
}

/** The worker's answer to a request it refuses: a status and an error with its code and message. */
const workerError = (status: number, code: string, message: string): WorkerResponse => ({
  status,
  body: { error: { code, message } },
});

async function connect(t: TestContext, call: WorkerCall): Promise<Client> {
  const server = await createMcpServer({ call, project: 'alpha' }, '9.9.9');
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  t.after(() => client.close());
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>): string =>
  (result.content as Array<{ text: string }>).map((part) => part.text).join('\n');

const ITEM = {
  id: 7,
  date: '2025-05-31T18:02:00.000Z',
  type: 'bugfix',
  title: 'Fix reader',
  project: 'alpha',
  tokens: 42,
  pinned: false,
};

test('lists the six tools; the descriptions teach search, then timeline, then details', async (t) => {
  const client = await connect(t, fakeWorker({}));
  const { tools } = await client.listTools();
  assert.deepEqual(
    tools.map((tool) => tool.name),
    ['search', 'timeline', 'get_observations', 'save_memory', 'forget', 'confirm_memory'],
  );
  // The hook's filter of our own calls (src/config/own-tools.ts) must know every tool we serve.
  assert.deepEqual(
    tools.map((tool) => tool.name),
    [...OWN_MCP_TOOLS],
  );
  const describe = (name: string): string =>
    tools.find((tool) => tool.name === name)?.description ?? '';
  assert.match(describe('search'), /Step 1 of 3[^]*timeline[^]*get_observations/);
  assert.match(describe('timeline'), /Step 2 of 3/);
  assert.match(describe('get_observations'), /Step 3 of 3/);
});

test('search asks the worker for this project by default and prints the compact index', async (t) => {
  const worker = fakeWorker({
    '/api/search': { status: 200, body: { items: [ITEM], mode: 'hybrid', hasMore: true } },
  });
  const client = await connect(t, worker);
  const result = await client.callTool({
    name: 'search',
    arguments: { query: 'reader', type: ['bugfix'] },
  });
  assert.equal(result.isError, undefined);
  assert.match(textOf(result), /#7 {2}2025-05-31 18:02 {2}bugfix {4}Fix reader {2}\(~42 tokens\)/);
  assert.match(textOf(result), /offset=1/);
  const params = new URLSearchParams(worker.calls[0]!.path.split('?')[1]);
  assert.deepEqual(
    [params.get('q'), params.get('project'), params.get('type'), params.get('limit')],
    ['reader', 'alpha', 'bugfix', '10'],
  );
  await client.callTool({ name: 'search', arguments: { query: 'x', all_projects: true } });
  assert.equal(new URLSearchParams(worker.calls[1]!.path.split('?')[1]).get('project'), null);
});

test('invalid arguments come back as isError results naming the field', async (t) => {
  const worker = fakeWorker({});
  const client = await connect(t, worker);
  const cases = [
    ['search', { limit: 0 }, /limit/],
    ['search', { type: ['nonsense'] }, /type/],
    ['timeline', { anchor: 'abc' }, /anchor/],
    ['timeline', {}, /anchor .*or a query/],
    ['get_observations', { ids: [] }, /ids/],
    ['get_observations', { ids: ['x'] }, /ids/],
    ['save_memory', { title: 'only a title' }, /text/],
    ['forget', {}, /ids/],
    ['confirm_memory', {}, /id/],
    ['confirm_memory', { id: 1.5 }, /id: expected a whole number/],
    ['confirm_memory', { id: -3 }, /id: expected an observation id of 1 or more/],
    ['confirm_memory', { id: 'twelve' }, /id: expected an observation id/],
  ] as const;
  for (const [name, args, message] of cases) {
    const result = await client.callTool({ name, arguments: args });
    assert.equal(result.isError, true, `${name} ${JSON.stringify(args)}`);
    assert.match(textOf(result), message);
  }
  assert.deepEqual(worker.calls, []);
});

test('worker errors and an unreachable worker are isError results with the reason', async (t) => {
  const client = await connect(
    t,
    fakeWorker({
      '/api/timeline': workerError(400, 'BAD_REQUEST', 'anchor: no observation 9'),
      '/api/search': new WorkerUnreachableError('the claude-mem worker is not running'),
    }),
  );
  const timeline = await client.callTool({ name: 'timeline', arguments: { anchor: 9 } });
  assert.deepEqual([timeline.isError, textOf(timeline)], [true, 'anchor: no observation 9']);
  const search = await client.callTool({ name: 'search', arguments: { query: 'x' } });
  assert.deepEqual(
    [search.isError, textOf(search)],
    [true, 'the claude-mem worker is not running'],
  );
});

test('get_observations, save_memory and forget call the worker and report what happened', async (t) => {
  const record = {
    ...ITEM,
    subtitle: 'sub',
    narrative: 'The story.',
    facts: ['f1'],
    concepts: ['c1'],
    files_read: ['a.ts'],
    files_modified: [],
    session_id: 's1',
  };
  const worker = fakeWorker({
    '/api/observations/batch': { status: 200, body: { items: [record], missing: [8] } },
    '/api/memories': { status: 201, body: { id: 12, created: true, project: 'alpha' } },
    '/api/observations/forget': { status: 200, body: { deleted: 1 } },
  });
  const client = await connect(t, worker);
  const details = textOf(
    await client.callTool({ name: 'get_observations', arguments: { ids: [7, 8] } }),
  );
  assert.match(
    details,
    /^#7 bugfix: Fix reader\nsub\nDate: 2025-05-31 18:02 UTC {2}Project: alpha {2}Session: s1\n\nThe story.\n\nFacts:\n- f1\nConcepts: c1\nFiles read: a.ts\n\nNot found: #8$/,
  );
  const saved = await client.callTool({
    name: 'save_memory',
    arguments: { title: 'Use pnpm', text: 'never npm' },
  });
  assert.equal(textOf(saved), 'Saved as #12 in project alpha.');
  assert.deepEqual(worker.calls[1]?.body, {
    title: 'Use pnpm',
    text: 'never npm',
    type: 'discovery',
    pinned: false,
    scope: 'private',
    project: 'alpha',
  });
  const forgot = await client.callTool({ name: 'forget', arguments: { ids: [12, 13] } });
  assert.equal(textOf(forgot), 'Forgot 1 of 2 observations.');
});

test('team memory: save_memory takes a scope, search filters by author and scope and marks hits', async (t) => {
  const worker = fakeWorker({
    '/api/memories': { status: 201, body: { id: 12, created: true, project: 'alpha' } },
    '/api/search': {
      status: 200,
      body: { items: [{ ...ITEM, scope: 'team', author: 'alice' }], mode: 'fts', hasMore: false },
    },
    '/api/observations/forget': {
      status: 403,
      body: { error: { message: "observation #7 is alice's team memory: it is read-only here" } },
    },
  });
  const client = await connect(t, worker);
  const saved = await client.callTool({
    name: 'save_memory',
    arguments: { title: 'Use pnpm', text: 'never npm', scope: 'team' },
  });
  assert.equal(textOf(saved), 'Saved as #12 in project alpha, shared with the team.');
  assert.equal((worker.calls[0]?.body as { scope?: string }).scope, 'team');
  const bad = await client.callTool({
    name: 'save_memory',
    arguments: { title: 'x', text: 'y', scope: 'public' },
  });
  assert.equal(bad.isError, true);
  assert.match(textOf(bad), /scope: expected "private" \(this machine only\) or "team"/);
  const found = await client.callTool({
    name: 'search',
    arguments: { query: 'reader', author: 'alice', scope: 'team' },
  });
  assert.match(textOf(found), /#7 .* \[by alice\] Fix reader/);
  assert.match(worker.calls[1]?.path ?? '', /author=alice&scope=team/);
  const refused = await client.callTool({ name: 'forget', arguments: { ids: [7] } });
  assert.deepEqual(
    [refused.isError, textOf(refused)],
    [true, "observation #7 is alice's team memory: it is read-only here"],
  );
});

test('search sends query and queries as repeated q: the phrasings the worker fuses', async (t) => {
  const worker = fakeWorker({
    '/api/search': { status: 200, body: { items: [], mode: 'fts', hasMore: false } },
  });
  const client = await connect(t, worker);
  const result = await client.callTool({
    name: 'search',
    arguments: { query: 'port held', queries: ['EADDRINUSE', 'worker will not start'] },
  });
  const params = new URLSearchParams(worker.calls[0]!.path.split('?')[1]);
  assert.deepEqual(params.getAll('q'), ['port held', 'EADDRINUSE', 'worker will not start']);
  assert.match(textOf(result), /No observations match "port held" or "EADDRINUSE" or "worker/);
  const many = await client.callTool({
    name: 'search',
    arguments: { query: 'a', queries: ['b', 'c', 'd', 'e', 'f'] },
  });
  assert.equal(many.isError, true);
  assert.match(textOf(many), /queries/);
  assert.equal(worker.calls.length, 1);
  const { tools } = await client.listTools();
  const search = tools.find((tool) => tool.name === 'search');
  assert.match(search?.description ?? '', /2-4 phrasings of the same need/);
});

test('confirm_memory posts to the route of verify --accept and says what the memory now is', async (t) => {
  const worker = fakeWorker({
    '/api/anchors/accept': {
      status: 200,
      body: { id: 7, anchor: { state: 'fresh', files: [] }, known: 'verified' },
    },
  });
  const client = await connect(t, worker);
  const result = await client.callTool({ name: 'confirm_memory', arguments: { id: 7 } });
  assert.equal(result.isError, undefined);
  assert.equal(
    textOf(result),
    '#7 is now verified by the user: no longer shown as a hypothesis.\n' +
      '#7 re-anchored to its files as they are now: fresh.',
  );
  assert.deepEqual(worker.calls, [
    { method: 'POST', path: '/api/anchors/accept', body: { id: 7, cwd: undefined } },
  ]);
  const { tools } = await client.listTools();
  assert.match(
    tools.find((tool) => tool.name === 'confirm_memory')?.description ?? '',
    /only when the user confirms/,
  );
});

test('confirm_memory of an unknown id names the field; other worker errors pass through', async (t) => {
  const unknown = await connect(
    t,
    fakeWorker({
      '/api/anchors/accept': workerError(404, 'NOT_FOUND', 'no observation 99'),
    }),
  );
  const missing = await unknown.callTool({ name: 'confirm_memory', arguments: { id: 99 } });
  assert.deepEqual(
    [missing.isError, textOf(missing)],
    [true, 'id: no observation #99 (ids come from search or timeline).'],
  );
  const down = await connect(
    t,
    fakeWorker({
      '/api/anchors/accept': new WorkerUnreachableError('the claude-mem worker is not running'),
    }),
  );
  const unreachable = await down.callTool({ name: 'confirm_memory', arguments: { id: 1 } });
  assert.deepEqual(
    [unreachable.isError, textOf(unreachable)],
    [true, 'the claude-mem worker is not running'],
  );
});
