import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import {
  createCompressorChain,
  createFakeCompressor,
  createHeuristicCompressor,
  echoObservation,
  unavailable,
  type ObservationsResult,
  type TurnBatch,
} from '../../compress/index.ts';
import type { Settings } from '../../config/index.ts';
import { closingAnswer } from '../../../test/helpers/llm-script.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { promptEvent, toolEvent, turnEndEvent } from '../../../test/helpers/spool-events.ts';
import type { SpoolEvent } from '../../spool/index.ts';
import { applyEvent } from '../capture/apply-event.ts';
import { createCompressLoop } from './compress-loop.ts';

function harness(t: TestContext, settings: Partial<Settings> = {}) {
  const clock = { now: 1_700_000_010_000 };
  const deps = createTestDeps(t, {
    now: () => clock.now,
    settings: { 'compress.failedRetryMs': 1000, 'compress.maxAttempts': 3, ...settings },
  });
  const fake = createFakeCompressor('anthropic');
  const loop = createCompressLoop({
    ...deps,
    chain: createCompressorChain([fake, createHeuristicCompressor()]),
  });
  t.after(() => loop.stop());
  return {
    fake,
    clock,
    store: (events: SpoolEvent[]) =>
      deps.db.transaction(() => events.forEach((e) => applyEvent(deps.db, e))).immediate(),
    async run() {
      loop.kick();
      await loop.idle();
    },
    rows: (sql: string) => deps.db.prepare(sql).all(),
  };
}

const edit = (path: string) =>
  toolEvent({
    toolName: 'Edit',
    input: { file_path: `/work/alpha/${path}`, old_string: 'a', new_string: 'b' },
  });

const usage = { calls: 1, tokensIn: 90, tokensOut: 30, durationMs: 1 };

const withSummary = (batch: TurnBatch): ObservationsResult => closingAnswer(batch);

test('a turn that has ended gets its observations and its summary from one request', async (t) => {
  const h = harness(t);
  h.fake.compressTurn = async (batch) => {
    h.fake.batches.push(batch);
    return withSummary(batch);
  };
  h.store([
    promptEvent({ text: 'fix the parser' }),
    edit('src/parser.ts'),
    turnEndEvent({ lastAssistantMessage: 'Fixed the parser.' }),
  ]);
  await h.run();
  assert.equal(h.fake.batches[0]?.withSummary?.lastAssistantMessage, 'Fixed the parser.');
  assert.equal(h.fake.summaries.length, 0, 'no summary request of its own');
  assert.deepEqual(h.rows('SELECT state FROM events'), [{ state: 'compressed' }]);
  assert.deepEqual(h.rows('SELECT state, reason FROM turns'), [
    { state: 'compressed', reason: null },
  ]);
  assert.deepEqual(h.rows('SELECT completed, provider, tokens_in, tokens_out FROM summaries'), [
    { completed: 'done, after 0 earlier', provider: 'anthropic', tokens_in: 45, tokens_out: 15 },
  ]);
  assert.deepEqual(h.rows('SELECT tokens_in, tokens_out FROM observations'), [
    { tokens_in: 45, tokens_out: 15 },
  ]);
});

test('an answer without the summary leaves the turn to a summary request of its own', async (t) => {
  const h = harness(t);
  h.store([promptEvent(), edit('a.ts'), turnEndEvent({ lastAssistantMessage: 'x'.repeat(300) })]);
  await h.run();
  assert.equal(h.fake.batches[0]?.withSummary !== undefined, true);
  assert.equal(h.fake.summaries.length, 1);
  assert.deepEqual(h.rows('SELECT state FROM turns'), [{ state: 'compressed' }]);
  assert.equal(h.rows('SELECT id FROM summaries').length, 1);
});

test('a closing batch that fails leaves the turn pending; its retry asks for the summary again', async (t) => {
  const h = harness(t);
  h.fake.enqueueTurn(unavailable('anthropic answered 529'));
  h.store([promptEvent(), edit('a.ts'), turnEndEvent()]);
  await h.run();
  assert.deepEqual(h.rows('SELECT state FROM events'), [{ state: 'failed' }]);
  assert.deepEqual(h.rows('SELECT state FROM turns'), [{ state: 'pending' }]);
  h.fake.compressTurn = async (batch) => {
    h.fake.batches.push(batch);
    return withSummary(batch);
  };
  h.clock.now += 1000;
  await h.run();
  assert.deepEqual(
    h.fake.batches.map((b) => b.withSummary !== undefined),
    [true, true],
  );
  assert.deepEqual(h.rows('SELECT state FROM turns'), [{ state: 'compressed' }]);
  assert.equal(h.fake.summaries.length, 0);
});

test('events compressed before the Stop leave the summary to a request of its own', async (t) => {
  const h = harness(t, { 'compress.batchEvents': 2 });
  h.store([promptEvent(), edit('a.ts'), edit('b.ts')]);
  await h.run();
  h.store([turnEndEvent({ lastAssistantMessage: 'x'.repeat(300) })]);
  await h.run();
  assert.deepEqual(
    h.fake.batches.map((b) => [b.events.length, b.withSummary !== undefined]),
    [[2, false]],
  );
  assert.equal(h.fake.summaries.length, 1);
});

test('a turn too long for one request sends its slices first; the last brings the summary', async (t) => {
  const h = harness(t, { 'compress.batchEvents': 2 });
  h.fake.compressTurn = async (batch) => {
    h.fake.batches.push(batch);
    return batch.withSummary
      ? withSummary(batch)
      : {
          observations: [{ ...echoObservation(batch), title: `from ${batch.events[0]?.id}` }],
          usage,
        };
  };
  h.store([
    promptEvent(),
    ...['a', 'b', 'c', 'd', 'e'].map((f) => edit(`${f}.ts`)),
    turnEndEvent(),
  ]);
  await h.run();
  assert.deepEqual(
    h.fake.batches.map((b) => [b.events.length, b.withSummary?.observations.length]),
    [
      [2, undefined],
      [2, undefined],
      [1, 2],
    ],
  );
  assert.deepEqual(h.rows('SELECT completed FROM summaries'), [
    { completed: 'done, after 2 earlier' },
  ]);
  assert.equal(h.fake.summaries.length, 0);
});

test('the heuristic standing in for a closing batch leaves the summary to the chain', async (t) => {
  const h = harness(t);
  h.fake.enqueueTurn(unavailable('anthropic answered 401', { transient: false }));
  h.store([promptEvent(), edit('a.ts'), turnEndEvent()]);
  await h.run();
  assert.deepEqual(h.rows('SELECT provider FROM observations'), [{ provider: 'heuristic' }]);
  assert.equal(h.fake.summaries.length, 1);
  assert.deepEqual(h.rows('SELECT provider FROM summaries'), [{ provider: 'anthropic' }]);
});

test('stop() aborting a closing batch in flight leaves its events and its turn pending', async (t) => {
  const deps = createTestDeps(t);
  const fake = createFakeCompressor('anthropic');
  fake.compressTurn = (_batch, signal) =>
    new Promise((_, reject) =>
      signal?.addEventListener('abort', () => reject(unavailable('aborted'))),
    );
  const loop = createCompressLoop({
    ...deps,
    chain: createCompressorChain([fake, createHeuristicCompressor()]),
    stopGraceMs: 20,
  });
  deps.db
    .transaction(() =>
      [promptEvent(), edit('a.ts'), turnEndEvent()].forEach((e) => applyEvent(deps.db, e)),
    )
    .immediate();
  loop.kick();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await loop.stop();
  assert.deepEqual(
    [
      deps.db.prepare('SELECT state FROM events').all(),
      deps.db.prepare('SELECT state FROM turns').all(),
    ],
    [[{ state: 'pending' }], [{ state: 'pending' }]],
  );
});
