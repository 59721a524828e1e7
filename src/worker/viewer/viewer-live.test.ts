import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { testHeaders } from '../../../test/helpers/route-call.ts';
import { seedObservation, seedPrompt, seedSession } from '../../../test/helpers/seed-memory.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { createApp } from '../app.ts';
import { createLiveFeed, decodeMarks, encodeMarks, type LiveMessage } from './viewer-live.ts';
import { createViewerService } from './viewer-service.ts';

const until = async (check: () => boolean): Promise<void> => {
  for (let waited = 0; waited < 3_000 && !check(); waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

function listen(t: TestContext, marks?: string) {
  const deps = createTestDeps(t);
  const live = createLiveFeed({ ...deps, now: Date.now, intervalMs: 20, heartbeatMs: 50 });
  const messages: LiveMessage[] = [];
  let closed = false;
  const unsubscribe = live.subscribe(
    decodeMarks(marks),
    (m) => messages.push(m),
    () => (closed = true),
  );
  t.after(() => live.stop());
  return { deps, live, messages, unsubscribe, isClosed: () => closed };
}

const items = (messages: LiveMessage[]) =>
  messages
    .filter((m) => m.event === 'item')
    .map((m) => (JSON.parse(m.data) as { key: string }).key);

test('encodes and decodes resume marks, ignoring anything else', () => {
  const marks = { observation: 12, summary: 3, prompt: 40, deletion: 5 };
  assert.equal(encodeMarks(marks), 'o12.s3.p40.d5');
  assert.deepEqual(decodeMarks('o12.s3.p40.d5'), marks);
  assert.deepEqual(decodeMarks('o12.s3.p40'), { observation: 12, summary: 3, prompt: 40 });
  assert.equal(decodeMarks('o1.s2'), undefined);
  assert.equal(decodeMarks('o1.s2.p3.dx'), undefined);
  assert.equal(decodeMarks(undefined), undefined);
});

test('sends what is stored after subscribing, each with the id to resume from, and the queue', async (t) => {
  const { deps, live, messages } = listen(t);
  const s = seedSession(deps.db, 'sess-1', 'alpha');
  seedPrompt(deps.db, s, 'hello', 1_000);
  seedObservation(deps.db, { title: 'Fixed it', sessionRowId: s });
  live.kick();
  await until(() => items(messages).length === 2);
  assert.deepEqual(items(messages), ['observation:1', 'prompt:1']);
  assert.deepEqual(
    messages.filter((m) => m.event === 'item').map((m) => m.id),
    ['o1.s0.p0.d0', 'o1.s0.p1.d0'],
  );
  assert.deepEqual(JSON.parse(messages.find((m) => m.event === 'queue')?.data ?? ''), {
    spool: 0,
    pending: 0,
    failed: 0,
  });
});

test('resumes after Last-Event-ID marks: what came in between arrives, nothing twice', async (t) => {
  const deps = createTestDeps(t);
  const s = seedSession(deps.db, 'sess-1', 'alpha');
  seedObservation(deps.db, { title: 'one', sessionRowId: s });
  seedObservation(deps.db, { title: 'two', sessionRowId: s });
  const live = createLiveFeed({ ...deps, intervalMs: 20 });
  t.after(() => live.stop());
  const messages: LiveMessage[] = [];
  live.subscribe(
    decodeMarks('o1.s0.p0'),
    (m) => messages.push(m),
    () => undefined,
  );
  await until(() => items(messages).length > 0);
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.deepEqual(items(messages), ['observation:2']);
});

test('sends the keys of what is deleted after subscribing, however it was deleted', async (t) => {
  const { deps, live, messages } = listen(t);
  const s = seedSession(deps.db, 'sess-1', 'alpha');
  seedObservation(deps.db, { title: 'kept', sessionRowId: s });
  const gone = seedObservation(deps.db, { title: 'gone', sessionRowId: s });
  const prompt = seedPrompt(deps.db, s, 'hello', 1_000);
  live.kick();
  await until(() => items(messages).length === 3);
  deps.db.prepare('DELETE FROM observations WHERE id = ?').run(gone);
  deps.db.prepare('DELETE FROM prompts WHERE id = ?').run(prompt);
  live.kick();
  await until(() => messages.some((m) => m.event === 'removed'));
  const removed = messages.filter((m) => m.event === 'removed');
  assert.deepEqual(
    removed.map((m) => JSON.parse(m.data) as unknown),
    [{ keys: [`observation:${gone}`, `prompt:${prompt}`] }],
  );
  assert.equal(removed[0]?.id, `o${gone}.s0.p${prompt}.d2`);
});

test('a browser resuming from before a deletion is told of it; one from before deletions were streamed is not', async (t) => {
  const deps = createTestDeps(t);
  const s = seedSession(deps.db, 'sess-1', 'alpha');
  const first = seedObservation(deps.db, { title: 'one', sessionRowId: s });
  deps.db.prepare('DELETE FROM observations WHERE id = ?').run(first);
  const live = createLiveFeed({ ...deps, intervalMs: 20 });
  t.after(() => live.stop());
  const withMark: LiveMessage[] = [];
  const withoutMark: LiveMessage[] = [];
  live.subscribe(
    decodeMarks(`o${first}.s0.p0.d0`),
    (m) => withMark.push(m),
    () => undefined,
  );
  live.subscribe(
    decodeMarks(`o${first}.s0.p0`),
    (m) => withoutMark.push(m),
    () => undefined,
  );
  await until(() => withMark.some((m) => m.event === 'removed'));
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.deepEqual(
    withMark.filter((m) => m.event === 'removed').map((m) => m.data),
    [`{"keys":["observation:${first}"]}`],
  );
  assert.deepEqual(
    withoutMark.filter((m) => m.event === 'removed'),
    [],
  );
});

test('sends a heartbeat when idle and closes every stream on stop', async (t) => {
  const { live, messages, isClosed } = listen(t);
  await until(() => messages.some((m) => m.event === 'ping'));
  assert.ok(messages.some((m) => m.event === 'ping'));
  live.stop();
  assert.equal(isClosed(), true);
});

test('GET /stream answers an event stream that starts with a retry delay and the queue', async (t) => {
  const deps = createTestDeps(t);
  const service = createViewerService(deps, { uiDir: undefined, env: {}, liveIntervalMs: 20 });
  const app = createApp(deps, [service]);
  const res = await app.request('/stream', {
    headers: testHeaders(),
  });
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  while (!text.includes('event: queue'))
    text += new TextDecoder().decode((await reader.read()).value);
  await service.stop();
  assert.match(text, /event: hello\ndata: \{\}\nretry: 1500/);
  assert.match(text, /event: queue\ndata: \{"spool":0,"pending":0,"failed":0\}/);
  await reader.cancel();
});
