import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Hono } from 'hono';
import { ACTIVE_MS, createHookTraffic, MAX_PACE_MS } from './hook-traffic.ts';

test('background work waits while a hook request is answered, and only for hook paths', async () => {
  const traffic = createHookTraffic();
  let release = (): void => undefined;
  const held = new Promise<void>((done) => (release = done));
  const app = new Hono()
    .use(traffic.middleware)
    .get('/api/context', async (c) => {
      await held;
      return c.json({ ok: true });
    })
    .get('/api/stream', async (c) => {
      await held;
      return c.json({ ok: true });
    });
  const stream = app.request('/api/stream');
  await traffic.quiet(10_000); // a long-lived other request does not hold it
  const order: string[] = [];
  const context = Promise.resolve(app.request('/api/context')).then(() => order.push('context'));
  const waited = traffic.quiet(10_000).then(() => order.push('page'));
  setTimeout(release, 50);
  await Promise.all([context, waited, stream]);
  assert.deepEqual(order, ['context', 'page']);
});

test('the wait ends at its cap even when a hook request never does', async () => {
  const traffic = createHookTraffic();
  const app = new Hono()
    .use(traffic.middleware)
    .get('/api/recall/prompt', () => new Promise<Response>(() => undefined));
  let answered = false;
  void Promise.resolve(app.request('/api/recall/prompt')).then(() => (answered = true));
  await traffic.quiet(100);
  assert.equal(answered, false);
});

test('a hook request waiting on background work aside does not hold that work back', async () => {
  const traffic = createHookTraffic();
  const turns = (n: number): Promise<string> =>
    n === 0
      ? Promise.resolve('held')
      : new Promise((done) => setImmediate(() => void turns(n - 1).then(done)));
  let outcome = '';
  const app = new Hono().use(traffic.middleware).get('/api/context', async (c) => {
    // quiet() lets I/O run once, then returns if nothing is counted: before 3 turns of the loop.
    outcome = await traffic.aside(() =>
      Promise.race([traffic.quiet(60_000).then(() => 'quiet'), turns(3)]),
    );
    return c.json({ ok: true });
  });
  await app.request('/api/context');
  assert.equal(outcome, 'quiet');
});

test('pace pauses background work only while a session is active, as long as its step took', async () => {
  let clock = 1_000_000;
  const pauses: number[] = [];
  const traffic = createHookTraffic(
    () => clock,
    async (ms) => void pauses.push(ms),
  );
  await traffic.pace(200); // an idle machine: no pause
  traffic.touch();
  await traffic.pace(200); // a session at work: as long as the step took
  await traffic.pace(5_000); // never longer than MAX_PACE_MS
  clock += ACTIVE_MS + 1;
  await traffic.pace(200); // quiet again once the session has been idle for a while
  assert.deepEqual(pauses, [200, MAX_PACE_MS]);
});
