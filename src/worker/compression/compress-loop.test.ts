import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import Database from 'better-sqlite3';
import {
  createCompressorChain,
  createFakeCompressor,
  createHeuristicCompressor,
  unavailable,
  type FakeCompressor,
} from '../../compress/index.ts';
import type { Settings } from '../../config/index.ts';
import { observationBody } from '../../../test/helpers/llm-script.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { promptEvent, toolEvent, turnEndEvent } from '../../../test/helpers/spool-events.ts';
import type { SpoolEvent } from '../../spool/index.ts';
import type { Db } from '../../store/index.ts';
import { applyEvent } from '../capture/apply-event.ts';
import { createCompressLoop } from './compress-loop.ts';

interface Harness {
  db: Db;
  fake: FakeCompressor;
  clock: { now: number };
  store(events: SpoolEvent[]): void;
  run(): Promise<void>;
  rows(sql: string): unknown[];
}

function harness(t: TestContext, settings: Partial<Settings> = {}): Harness {
  const clock = { now: 1_700_000_010_000 };
  const deps = createTestDeps(t, {
    now: () => clock.now,
    settings: { 'compress.failedRetryMs': 1000, 'compress.maxAttempts': 3, ...settings },
  });
  const fake = createFakeCompressor('anthropic');
  const chain = createCompressorChain([fake, createHeuristicCompressor()]);
  const loop = createCompressLoop({ ...deps, chain });
  t.after(() => loop.stop());
  return {
    db: deps.db,
    fake,
    clock,
    store: (events) =>
      deps.db.transaction(() => events.forEach((e) => applyEvent(deps.db, e))).immediate(),
    async run() {
      loop.kick();
      await loop.idle();
    },
    rows: (sql) => deps.db.prepare(sql).all(),
  };
}

const edit = (path: string) =>
  toolEvent({
    toolName: 'Edit',
    input: { file_path: `/work/alpha/${path}`, old_string: 'a', new_string: 'b' },
  });

test('a turn is compressed after its Stop: observations with provenance, events compressed, then a summary', async (t) => {
  const h = harness(t);
  h.store([promptEvent({ text: 'fix the parser' }), edit('src/parser.ts'), edit('src/lexer.ts')]);
  await h.run();
  assert.equal(h.fake.batches.length, 0, 'a running turn waits for its Stop');
  h.store([turnEndEvent({ lastAssistantMessage: 'Fixed the parser. '.repeat(20) })]);
  await h.run();
  assert.deepEqual(
    h.fake.batches.map((b) => [b.prompt, b.events.map((e) => e.toolName)]),
    [['fix the parser', ['Edit', 'Edit']]],
  );
  assert.deepEqual(h.rows('SELECT title, source_event_ids, provider, model FROM observations'), [
    {
      title: 'turn 1: 2 events',
      source_event_ids: '[1,2]',
      provider: 'anthropic',
      model: 'fake-model',
    },
  ]);
  assert.deepEqual(h.rows('SELECT state, reason FROM events'), [
    { state: 'compressed', reason: null },
    { state: 'compressed', reason: null },
  ]);
  assert.deepEqual(h.rows('SELECT request, completed FROM summaries'), [
    { request: 'fix the parser', completed: 'turn 1: 2 events' },
  ]);
  assert.deepEqual(h.rows('SELECT state FROM turns'), [{ state: 'compressed' }]);
  assert.equal(h.fake.summaries[0]?.lastAssistantMessage.startsWith('Fixed the parser.'), true);
});

test('a long running turn is sent in full slices of N events; the rest waits for the flush time', async (t) => {
  const h = harness(t, { 'compress.batchEvents': 2, 'compress.flushAfterMs': 60_000 });
  h.store([promptEvent(), edit('a.ts'), edit('b.ts'), edit('c.ts')]);
  await h.run();
  assert.deepEqual(
    h.fake.batches.map((b) => b.events.length),
    [2],
  );
  h.clock.now += 60_000;
  await h.run();
  assert.deepEqual(
    h.fake.batches.map((b) => b.events.length),
    [2, 1],
  );
  assert.deepEqual(h.rows("SELECT COUNT(*) AS n FROM events WHERE state = 'pending'"), [{ n: 0 }]);
});

test('read-only noise is skipped with its reason and never sent', async (t) => {
  const h = harness(t);
  h.store([
    promptEvent(),
    toolEvent({ toolName: 'TodoWrite', input: {} }),
    edit('a.ts'),
    turnEndEvent(),
  ]);
  await h.run();
  assert.deepEqual(
    h.fake.batches[0]?.events.map((e) => e.toolName),
    ['Edit'],
  );
  assert.deepEqual(h.rows('SELECT tool_name, state, reason FROM events ORDER BY id'), [
    {
      tool_name: 'TodoWrite',
      state: 'skipped',
      reason: 'read-only noise: TodoWrite is bookkeeping',
    },
    { tool_name: 'Edit', state: 'compressed', reason: null },
  ]);
});

test("claude-mem's own MCP calls already stored are skipped and never sent to a provider", async (t) => {
  const h = harness(t);
  h.store([
    promptEvent(),
    toolEvent({ toolName: 'mcp__claude-mem__search', input: { query: 'login' } }),
    toolEvent({ toolName: 'mcp__plugin_claude-mem_claude-mem__save_memory', input: {} }),
    edit('a.ts'),
    turnEndEvent(),
  ]);
  await h.run();
  assert.deepEqual(
    h.fake.batches.flatMap((batch) => batch.events.map((e) => e.toolName)),
    ['Edit'],
  );
  assert.deepEqual(
    h.rows("SELECT tool_name, state FROM events WHERE tool_name LIKE 'mcp%' ORDER BY id"),
    [
      { tool_name: 'mcp__claude-mem__search', state: 'skipped' },
      { tool_name: 'mcp__plugin_claude-mem_claude-mem__save_memory', state: 'skipped' },
    ],
  );
});

test('a provider that keeps nothing ends the events skipped with its reason; a trivial turn gets no summary', async (t) => {
  const h = harness(t);
  h.fake.enqueueTurn({
    observations: [],
    usage: { calls: 1, tokensIn: 1, tokensOut: 1, durationMs: 1 },
    skipped: 'only listings',
  });
  h.store([promptEvent(), edit('a.ts'), turnEndEvent({ lastAssistantMessage: 'ok' })]);
  await h.run();
  assert.deepEqual(h.rows('SELECT state, reason FROM events'), [
    { state: 'skipped', reason: 'anthropic: only listings' },
  ]);
  assert.deepEqual(h.rows('SELECT state, reason FROM turns'), [
    {
      state: 'skipped',
      reason: 'nothing worth keeping: no observations and a short final message',
    },
  ]);
  assert.equal(h.fake.summaries.length, 0);
});

test('a transient failure marks the events failed with the reason, retried with backoff, and the heuristic takes the last attempt', async (t) => {
  const h = harness(t);
  const down = unavailable('anthropic answered 529: overloaded_error');
  h.fake.enqueueTurn(down, down, down);
  h.store([promptEvent(), edit('src/a.ts'), turnEndEvent()]);
  await h.run();
  assert.deepEqual(h.rows('SELECT state, reason, attempts FROM events'), [
    { state: 'failed', reason: 'anthropic answered 529: overloaded_error', attempts: 1 },
  ]);
  assert.deepEqual(
    h.rows('SELECT state FROM turns'),
    [{ state: 'pending' }],
    'the summary waits for the events',
  );
  h.clock.now += 999;
  await h.run();
  assert.equal(h.fake.batches.length, 1, 'not before the retry time');
  h.clock.now += 1;
  await h.run();
  h.clock.now += 2000;
  await h.run();
  assert.equal(h.fake.batches.length, 3);
  assert.deepEqual(h.rows('SELECT state, reason FROM events'), [
    { state: 'compressed', reason: 'anthropic answered 529: overloaded_error; heuristic used' },
  ]);
  assert.deepEqual(h.rows('SELECT provider, title FROM observations'), [
    { provider: 'heuristic', title: 'Edited src/a.ts (+1 -1 lines)' },
  ]);
});

test('the same observation twice in a session is stored once, with both batches as sources', async (t) => {
  const h = harness(t);
  const same = { type: 'discovery' as const, ...observationBody('Same') };
  const usage = { calls: 1, tokensIn: 10, tokensOut: 2, durationMs: 1 };
  h.fake.enqueueTurn(
    { observations: [{ ...same, sourceEventIds: [1] }], usage },
    { observations: [{ ...same, sourceEventIds: [2] }], usage },
  );
  h.store([
    promptEvent(),
    edit('a.ts'),
    turnEndEvent(),
    promptEvent(),
    edit('b.ts'),
    turnEndEvent(),
  ]);
  await h.run();
  assert.deepEqual(h.rows('SELECT title, source_event_ids FROM observations'), [
    { title: 'Same', source_event_ids: '[1,2]' },
  ]);
});

test('a result that meets a database locked by another process stays pending and is stored once later', async (t) => {
  const deps = createTestDeps(t);
  deps.db.pragma('busy_timeout = 0');
  const locker = new Database(deps.db.name);
  t.after(() => locker.close());
  const fake = createFakeCompressor('anthropic');
  const compress = fake.compressTurn.bind(fake);
  let lockNext = true;
  fake.compressTurn = async (batch, signal) => {
    const result = await compress(batch, signal);
    if (lockNext) locker.exec('BEGIN IMMEDIATE'); // Taken while the call was in flight.
    lockNext = false;
    return result;
  };
  const loop = createCompressLoop({
    ...deps,
    chain: createCompressorChain([fake, createHeuristicCompressor()]),
    intervalMs: 20,
  });
  t.after(() => loop.stop());
  deps.db
    .transaction(() =>
      [promptEvent(), edit('a.ts'), turnEndEvent()].forEach((e) => applyEvent(deps.db, e)),
    )
    .immediate();
  loop.kick();
  await loop.idle();
  assert.deepEqual(deps.db.prepare('SELECT state FROM events').all(), [{ state: 'pending' }]);
  assert.match(
    deps.log.lines.map((line) => line.message).join('\n'),
    /compression result not stored, the work stays pending: database is locked/,
  );
  assert.equal(fake.batches.length, 1, 'the pass ended instead of paying the LLM again');
  locker.exec('COMMIT');
  loop.kick(); // Ignored while the loop backs off; its timer tries again after that.
  loop.start();
  const state = () => deps.db.prepare('SELECT state FROM events').pluck().get();
  for (let waited = 0; waited < 5_000 && state() !== 'compressed'; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await loop.idle();
  assert.equal(fake.batches.length, 2);
  assert.deepEqual(deps.db.prepare('SELECT state FROM events').all(), [{ state: 'compressed' }]);
  assert.deepEqual(deps.db.prepare('SELECT COUNT(*) AS n FROM observations').all(), [{ n: 1 }]);
});
