import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OBSERVATION_TYPES } from '../../domain/index.ts';
import type { CompressEvent, TurnBatch } from '../types.ts';
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

/** An Edit of `file` replacing `oldString` with `newString`. */
const editEvent = (file: string, oldString: string, newString: string): CompressEvent =>
  event('Edit', { file_path: file, old_string: oldString, new_string: newString });

const batch = (prompt: string, events: CompressEvent[]): TurnBatch => ({
  project: 'app',
  root: '/app',
  promptNumber: 1,
  prompt,
  events,
});

test('an edit gives "Edited <file>: <what changed>" with the file modified and its events as sources', () => {
  const edit = editEvent(
    '/app/src/auth/token.ts',
    'const SKEW = 0;',
    'const SKEW = 0;\nexport function refreshExpiry(token: Token) {',
  );
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
      // Before: 'Edited src/auth/token.ts: export function refreshExpiry(token: Token) {'
      'Edited src/auth/token.ts: added function refreshExpiry',
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
  assert.equal(types('fix the docs bug', editEvent('/app/README.md', 'a', 'b')), 'change');
  assert.equal(types('rename the helper', editEvent('/app/src/a.ts', 'a', 'b')), 'refactor');
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
    // Before: 'Ran `npx vitest run test/auth.test.ts` (exit code 1: FAIL test/auth.test.ts > refresh) and 1 more'
    'npx vitest run test/auth.test.ts failed (exit code 1: FAIL test/auth.test.ts > refresh); 1 more command',
  );
  assert.deepEqual(observation?.facts, [
    'npm run build -> ok',
    'npx vitest run test/auth.test.ts -> exit code 1: FAIL test/auth.test.ts > refresh',
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
      ['Searched for "refresh" in src'],
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
      ['decision', 'Plan approved: cache tokens'],
      ['discovery', 'Subagent: Explore auth'],
      ['discovery', 'Used query (db)'],
    ],
  );
});

test('every observation has a known type and a title', async () => {
  const all = [
    editEvent('/app/x.ts', '', ''),
    event('Bash', { command: 'make' }),
    event('WebFetch', { url: 'https://example.com' }),
  ];
  const { observations } = await createHeuristicCompressor().compressTurn(batch('', all));
  assert.deepEqual(
    observations.filter((o) => !OBSERVATION_TYPES.includes(o.type) || o.title === ''),
    [],
  );
});

test('the summary lists what was done and what was looked at; none without observations', () => {
  const observations = heuristicObservations(
    batch('fix login', [
      editEvent('/app/a.ts', 'x', 'login()'),
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
    [
      'Turn 1: Edited a.ts: now calls login',
      'Edited a.ts: now calls login',
      'Read b.ts',
      'Fixed login.',
    ],
  );
  assert.equal(heuristicSummary({ ...input, observations: [] }), null);
});

test('memories read like notes: what changed in words, plural forms, no code fragments or backticks', () => {
  const rateLimit = editEvent(
    '/app/src/login.ts',
    "app.post('/login', login);",
    "app.post('/login', rateLimit(5), login);",
  );
  const doc = editEvent('/app/README.md', 'a', '## Rate limits\nFive a minute.');
  const config = editEvent('/app/config.yml', 'retries: 1', 'retries: 3');
  const created = event(
    'Write',
    { file_path: '/app/src/limit.ts', content: '// limits\nexport class Limiter {}' },
    { response: { type: 'create' } },
  );
  const emptyPlan = event('ExitPlanMode', {
    plan: '# Plan\n\n1. Add a limiter to the login route',
  });
  const test1 = event('Bash', { command: 'npm test', description: 'Run the login tests' });
  const observations = heuristicObservations(
    batch('rate limit the login route', [rateLimit, doc, config, created, emptyPlan, test1]),
  );
  assert.deepEqual(
    observations.map((o) => o.title),
    [
      // Before: 'Plan: Plan'
      'Plan approved: Add a limiter to the login route',
      // Before: "Edited src/login.ts: app.post('/login', rateLimit(5), login);"
      'Edited src/login.ts: now calls rateLimit',
      'Edited README.md: added section "Rate limits"',
      'Edited config.yml: changed retries to 3',
      'Created src/limit.ts with class Limiter',
      // Before: 'Ran `npm test` (ok)'
      'Run the login tests: ran npm test',
    ],
  );
  assert.equal(observations[1]?.subtitle, '1 change, +1 -1 lines');
  assert.equal(
    observations[1]?.narrative,
    'Edited src/login.ts: now calls rateLimit (1 change, +1 -1 lines).',
  );
  assert.equal(observations.at(-1)?.subtitle, '1 command, none failed');
  const text = JSON.stringify(observations.map((o) => [o.title, o.subtitle, o.facts]));
  assert.doesNotMatch(text, /`/);
  assert.doesNotMatch(text, /\b1 (?:files|searches|changes|commands)\b/);
});

test('a plan with no text says so rather than borrow the prompt', () => {
  const [plan] = heuristicObservations(
    batch('cache the tokens', [event('ExitPlanMode', { plan: '' })]),
  );
  assert.equal(plan?.title, 'Plan approved (no text)');
  const [bare] = heuristicObservations(batch('', [event('ExitPlanMode', { plan: '# Plan' })]));
  assert.equal(bare?.title, 'Plan approved (no text)');
});

test('no observation or summary holds a word of the prompt (it never leaves the machine)', () => {
  const prompt = 'please fix the flaky zebracorn checkout PROMPTMARK-17';
  const events = [
    editEvent('/app/src/cart.ts', 'a', 'total()'),
    event('Write', { file_path: '/app/src/new.ts', content: 'export const x = 1;' }),
    event('Read', { file_path: '/app/src/b.ts' }),
    event('Bash', { command: 'npm test' }),
    event('ExitPlanMode', { plan: '' }),
    event('mcp__x__y', { q: 1 }),
  ];
  const observations = heuristicObservations(batch(prompt, events));
  const summary = heuristicSummary({
    project: 'app',
    root: '/app',
    promptNumber: 2,
    prompt,
    observations,
    lastAssistantMessage: 'Done.',
    subagentMessages: [],
  });
  const text = JSON.stringify([observations, summary]);
  assert.doesNotMatch(text, /zebracorn|PROMPTMARK|flaky|please/);
  assert.equal(summary?.request, 'Turn 2: Plan approved (no text)');
});

test('a changed value is named with its new value; a call the old line made is not news; prose is quoted', () => {
  const ttl = editEvent(
    '/app/src/auth/token.ts',
    'expiresAt: now() + token.ttl,',
    'expiresAt: now() + token.ttl * 1000,',
  );
  const doc = editEvent(
    '/app/docs/auth.md',
    'Tokens carry a ttl.',
    'Tokens carry a ttl, in seconds; refresh() converts it to milliseconds.',
  );
  assert.deepEqual(
    heuristicObservations(batch('fix token expiry', [ttl, doc])).map((o) => o.title),
    [
      // Before: 'Edited src/auth/token.ts: expiresAt: now() + token.ttl * 1000,' (and "now calls now")
      'Edited src/auth/token.ts: changed expiresAt to now() + token.ttl * 1000',
      // Before: 'Edited docs/auth.md: now calls refresh'
      'Edited docs/auth.md: now says "Tokens carry a ttl, in seconds; refresh() converts it to…"',
    ],
  );
});

test('a failed command that passes on a later run says so', () => {
  const failed = event(
    'Bash',
    { command: 'npm test' },
    { failed: true, error: 'Exit code 1\nFAIL a.test.ts' },
  );
  const passed = event('Bash', { command: 'npm test' }, { response: { stdout: 'ok' } });
  assert.equal(
    heuristicObservations(batch('fix it', [failed, passed]))[0]?.title,
    'npm test failed (exit code 1: FAIL a.test.ts), then passed; 1 more command',
  );
});
