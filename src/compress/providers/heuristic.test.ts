import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OBSERVATION_KINDS, type CompressEvent, type TurnBatch } from '../types.ts';
import { createHeuristicCompressor, heuristicObservations, heuristicSummary } from './heuristic.ts';

let nextId = 0;
const event = (
  toolName: string,
  input: unknown,
  extra: Partial<CompressEvent> = {},
): CompressEvent => ({
  id: ++nextId,
  toolName,
  input,
  response: null,
  error: null,
  failed: false,
  agentId: null,
  at: 0,
  ...extra,
});

const batch = (prompt: string, events: CompressEvent[]): TurnBatch => ({
  project: 'app',
  root: '/app',
  promptNumber: 1,
  prompt,
  events,
});

test('an edit gives "Edited <file>: <what changed>" with the file modified and its events as sources', () => {
  const edit = event('Edit', {
    file_path: '/app/src/auth/token.ts',
    old_string: 'const SKEW = 0;',
    new_string: 'const SKEW = 0;\nexport function refreshExpiry(token: Token) {',
  });
  const [observation] = heuristicObservations(batch('fix the token refresh bug', [edit]));
  assert.deepEqual(
    [
      observation?.type,
      observation?.title,
      observation?.filesModified,
      observation?.sourceEventIds,
    ],
    [
      'bugfix',
      'Edited src/auth/token.ts: export function refreshExpiry(token: Token) {',
      ['src/auth/token.ts'],
      [edit.id],
    ],
  );
  assert.deepEqual(observation?.facts.slice(0, 1), ['1 change, +2 -1 lines']);
});

test('a new file is a feature, docs and config are changes, a refactor prompt is a refactor', () => {
  const types = (prompt: string, e: CompressEvent) =>
    heuristicObservations(batch(prompt, [e]))[0]?.type;
  const created = event(
    'Write',
    { file_path: '/app/src/new.ts', content: 'export class Queue {}' },
    { response: { type: 'create' } },
  );
  assert.equal(types('go on', created), 'feature');
  assert.equal(
    types(
      'fix the docs bug',
      event('Edit', { file_path: '/app/README.md', old_string: 'a', new_string: 'b' }),
    ),
    'change',
  );
  assert.equal(
    types(
      'rename the helper',
      event('Edit', { file_path: '/app/src/a.ts', old_string: 'a', new_string: 'b' }),
    ),
    'refactor',
  );
});

test('commands give facts with exit codes and the first error line, paths as files', () => {
  const ok = event('Bash', { command: 'npm run build' }, { response: { stdout: 'done' } });
  const failed = event(
    'Bash',
    { command: 'npx vitest run test/auth.test.ts' },
    { failed: true, error: 'Exit code 1\nFAIL test/auth.test.ts > refresh' },
  );
  const [observation] = heuristicObservations(batch('run tests', [ok, failed]));
  assert.equal(
    observation?.title,
    'Ran `npx vitest run test/auth.test.ts` (exit code 1: FAIL test/auth.test.ts > refresh) and 1 more',
  );
  assert.deepEqual(observation?.facts, [
    '`npm run build` -> ok',
    '`npx vitest run test/auth.test.ts` -> exit code 1: FAIL test/auth.test.ts > refresh',
  ]);
  assert.deepEqual(observation?.filesRead, ['test/auth.test.ts']);
});

test('a commit is a change titled with its message', () => {
  const commit = event('Bash', {
    command: 'git add -A && git commit -m "Refresh tokens before expiry"',
  });
  assert.equal(
    heuristicObservations(batch('', [commit]))[0]?.title,
    'Committed: Refresh tokens before expiry',
  );
});

test('reads and searches make one discovery naming the files read', () => {
  const events = [
    event('Read', { file_path: '/app/src/a.ts' }),
    event('Read', { file_path: '/app/src/b.ts' }),
    event('Read', { file_path: '/app/src/c.ts' }),
    event('Grep', { pattern: 'refresh', path: '/app/src' }),
  ];
  const [observation] = heuristicObservations(batch('how does refresh work?', events));
  assert.deepEqual(
    [
      observation?.type,
      observation?.title,
      observation?.subtitle,
      observation?.filesRead,
      observation?.facts,
    ],
    [
      'discovery',
      'Read src/a.ts, src/b.ts and 1 more; 1 search',
      '3 files read, 1 search or lookup',
      ['src/a.ts', 'src/b.ts', 'src/c.ts'],
      ['Searched `refresh` in src'],
    ],
  );
});

test('a plan is a decision; a subagent run a discovery; unknown tools are still kept', () => {
  const plan = event('ExitPlanMode', { plan: '# Plan: cache tokens\n## Steps\n1. add cache' });
  const task = event(
    'Task',
    { description: 'Explore auth', prompt: 'Find the auth code' },
    { response: { content: [{ type: 'text', text: 'Auth lives in src/auth' }] } },
  );
  const mcp = event('mcp__db__query', { sql: 'select 1' });
  const observations = heuristicObservations(batch('', [plan, task, mcp]));
  assert.deepEqual(
    observations.map((o) => [o.type, o.title]),
    [
      ['decision', 'Plan: Plan: cache tokens'],
      ['discovery', 'Subagent: Explore auth'],
      ['discovery', 'Used mcp__db__query'],
    ],
  );
});

test('every observation has a known type and a title', async () => {
  const all = [
    event('Edit', { file_path: '/app/x.ts', old_string: '', new_string: '' }),
    event('Bash', { command: 'make' }),
    event('WebFetch', { url: 'https://example.com' }),
  ];
  const { observations } = await createHeuristicCompressor().compressTurn(batch('', all));
  assert.deepEqual(
    observations.filter((o) => !OBSERVATION_KINDS.includes(o.type) || o.title === ''),
    [],
  );
});

test('the summary lists what was done and what was looked at; none without observations', () => {
  const observations = heuristicObservations(
    batch('fix login', [
      event('Edit', { file_path: '/app/a.ts', old_string: 'x', new_string: 'login()' }),
      event('Read', { file_path: '/app/b.ts' }),
    ]),
  );
  const input = {
    project: 'app',
    root: '/app',
    promptNumber: 1,
    prompt: 'fix login\nplease',
    observations,
    lastAssistantMessage: 'Fixed login.',
    subagentMessages: [],
  };
  const summary = heuristicSummary(input);
  assert.deepEqual(
    [summary?.request, summary?.completed, summary?.investigated, summary?.notes],
    ['fix login', 'Edited a.ts: login()', 'Read b.ts', 'Fixed login.'],
  );
  assert.equal(heuristicSummary({ ...input, observations: [] }), null);
});
