import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deadEndKeys, deadEndPairs } from './dead-ends.ts';
import { heuristicObservations } from './providers/heuristic.ts';
import type { CompressEvent } from './types.ts';

let nextId = 0;
const bash = (command: string, error?: string): CompressEvent => ({
  id: ++nextId,
  toolName: 'Bash',
  input: { command },
  response: null,
  error: error ?? null,
  failed: error !== undefined,
  agentId: null,
  at: 0,
});

const E2E_FAILS = 'Exit code 1\nError: browserType.launch: Executable does not exist';

test('a failed command followed by another way of the same work that passed is a dead end', () => {
  const failed = bash('npm run e2e', E2E_FAILS);
  const worked = bash('PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e');
  const pairs = deadEndPairs([failed, bash('ls'), worked]);
  assert.deepEqual(
    pairs.map((pair) => [pair.failed.id, pair.worked?.id]),
    [[failed.id, worked.id]],
  );
});

test('a command that later passed as it was, or that nothing replaced, is no dead end', () => {
  assert.deepEqual(deadEndPairs([bash('npm test', 'Exit code 1'), bash('npm test')]), []);
  assert.deepEqual(deadEndPairs([bash('npm run e2e', E2E_FAILS), bash('ls -la')]), []);
  assert.deepEqual(deadEndPairs([bash('npm --version', 'Exit code 1'), bash('npm -v')]), []);
});

test('the heuristic records a dead end titled with the failure and what worked', () => {
  const failed = bash('npm run e2e', E2E_FAILS);
  const worked = bash('PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e');
  const batch = { project: 'app', root: '/app', promptNumber: 1, prompt: null };
  const observations = heuristicObservations({ ...batch, events: [failed, worked] });
  const deadEnd = observations.find((observation) => observation.type === 'dead-end');
  assert.deepEqual(
    [deadEnd?.title, deadEnd?.sourceEventIds],
    [
      '`npm run e2e` fails (exit code 1: Error: browserType.launch: Executable does not exist): ' +
        'use `PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e`',
      [failed.id, worked.id],
    ],
  );
});

test('a dead end is keyed by its failed command shape with the fix, and by a failed edit path', () => {
  const failed = bash('cd web && npm run e2e -- --headed', E2E_FAILS);
  const worked = bash('PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e');
  const edit: CompressEvent = {
    ...bash(''),
    toolName: 'Edit',
    input: { file_path: '/app/gen/schema.ts' },
    failed: true,
    error: 'generated file is read-only',
  };
  const ids = [failed.id, worked.id, edit.id];
  const keys = deadEndKeys({ title: 'x', sourceEventIds: ids }, [failed, worked, edit]);
  assert.deepEqual(keys, [
    { key: 'cmd:npm run e2e', fix: 'PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e' },
    { key: 'file:/app/gen/schema.ts', fix: '' },
  ]);
});

test('an LLM dead end quoting one failed command is keyed by that one only', () => {
  const one = bash('npm run e2e', E2E_FAILS);
  const two = bash('cargo build --release', 'Exit code 101');
  const fixOne = bash('npx playwright install && npm run e2e');
  const fixTwo = bash('cargo build');
  const events = [one, two, fixOne, fixTwo];
  const draft = { title: '`cargo build --release` fails: use debug', sourceEventIds: [1, 2, 3, 4] };
  const keys = deadEndKeys({ ...draft, sourceEventIds: events.map((e) => e.id) }, events);
  assert.deepEqual(keys, [{ key: 'cmd:cargo build', fix: 'cargo build' }]);
});
