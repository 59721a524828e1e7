import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sessionEvents } from './session-events.ts';
import {
  assistantLine,
  jsonl,
  resultLine,
  text,
  toolUse,
  userLine,
} from '../../test/helpers/transcript-lines.ts';
import { commandsOf, distinctiveTerms } from './memory-terms.ts';
import { detectUse, type InjectedMemory } from './use-signals.ts';
import { mcpInjections } from './mcp-results.ts';

const T0 = Date.UTC(2026, 0, 5, 10, 0);
const at = (minutes: number) => ({ timestamp: new Date(T0 + minutes * 60_000).toISOString() });

const memory = (over: Partial<InjectedMemory> & { id: number }): InjectedMemory => ({
  at: T0,
  turn: 0,
  files: [],
  text: '',
  ...over,
});

/** The session events of a transcript made of `lines`. */
const eventsOf = (...lines: Parameters<typeof jsonl>) => sessionEvents(jsonl(...lines));

const summary = (signals: ReturnType<typeof detectUse>) =>
  signals.map((s) => `${s.observationId} ${s.signal} t${s.turn} ${s.detail}`);

test('a memory whose file the agent reads later is used by that file; one never referred to is not', () => {
  const events = eventsOf(
    userLine('fix the login redirect', at(1)),
    assistantLine('m1', [toolUse('u1', 'Read', { file_path: '/app/src/auth/login.ts' })], at(2)),
    resultLine('u1', 'export function login() {}', { extra: at(3) }),
  );
  const signals = detectUse(
    [
      memory({ id: 7, files: ['src/auth/login.ts'], text: 'Login redirect loses the query' }),
      memory({ id: 8, files: ['src/billing/invoice.ts'], text: 'Invoices round half up' }),
    ],
    events,
  );
  assert.deepEqual(summary(signals), ['7 file t1 src/auth/login.ts']);
});

test('get_observations and timeline calls fetch the ids they name, under any server name', () => {
  const events = eventsOf(
    userLine('what did we decide?', at(1)),
    assistantLine(
      'm1',
      [
        toolUse('u1', 'mcp__plugin_claude-mem_claude-mem__get_observations', { ids: [3, 4] }),
        toolUse('u2', 'mcp__claude-mem__timeline', { anchor: '#5' }),
      ],
      at(2),
    ),
  );
  const memories = [3, 4, 5, 6].map((id) => memory({ id }));
  assert.deepEqual(summary(detectUse(memories, events)), [
    '3 fetched t1 mcp__plugin_claude-mem_claude-mem__get_observations',
    '4 fetched t1 mcp__plugin_claude-mem_claude-mem__get_observations',
    '5 fetched t1 mcp__claude-mem__timeline',
  ]);
});

test('a command the memory names, run later, is a signal; so is a term the agent repeats', () => {
  const events = eventsOf(
    userLine('the tests are red again', at(1)),
    assistantLine('m1', [text('The refreshTokenBefore helper is off by one.')], at(2)),
    assistantLine('m2', [toolUse('u1', 'Bash', { command: 'npm  test -- --grep auth' })], at(3)),
  );
  const signals = detectUse(
    [memory({ id: 9, text: 'Fixed refreshTokenBefore\nFacts:\n- npm test -> exit code 1: FAIL' })],
    events,
  );
  assert.deepEqual(summary(signals), ['9 term t1 refreshTokenBefore', '9 command t1 npm test']);
});

test('nothing before the injection counts, and a term the user or a tool said first is not the memory', () => {
  const events = eventsOf(
    userLine('look at parseHookInput please', at(1)),
    assistantLine('m1', [toolUse('u1', 'Read', { file_path: '/app/src/io.ts' })], at(2)),
    resultLine('u1', 'const limitBytes = 32', { extra: at(3) }),
    assistantLine('m2', [text('parseHookInput caps limitBytes.')], at(4)),
  );
  const late = memory({ id: 1, at: T0 + 5 * 60_000, files: ['src/io.ts'], text: 'x' });
  const said = memory({ id: 2, text: 'parseHookInput and limitBytes' });
  assert.deepEqual(summary(detectUse([late, said], events)), []);
});

test('without timestamps a later turn is what counts', () => {
  const events = eventsOf(
    userLine('one'),
    assistantLine('m1', [toolUse('u1', 'Edit', { file_path: '/r/a/b.ts' })]),
    userLine('two'),
    assistantLine('m2', [toolUse('u2', 'Edit', { file_path: '/r/a/b.ts' })]),
  );
  const signals = detectUse(
    [memory({ id: 4, at: Number.NaN, turn: 1, files: ['a/b.ts'] })],
    events,
  );
  assert.deepEqual(summary(signals), ['4 file t2 a/b.ts']);
});

test('terms are code-like words and file names; commands need an argument', () => {
  assert.deepEqual(
    distinctiveTerms('The buildContext in rank.ts uses user_id, e.g. always', ['src/x/format.ts']),
    ['buildContext', 'format.ts', 'rank.ts', 'user_id'],
  );
  assert.deepEqual(commandsOf('Ran `make` and `git rebase -i main`\n- npm run build -> ok'), [
    'git rebase -i main',
    'npm run build',
  ]);
});

test("claude-mem's MCP answers in the transcript are injections: search lines, timeline lines, get blocks", () => {
  const events = eventsOf(
    userLine('why is login slow?', at(1)),
    assistantLine('m1', [toolUse('u1', 'mcp__claude-mem__search', { query: 'login' })], at(2)),
    resultLine(
      'u1',
      [
        text(
          '2 observations (local, ranked by fts); dates UTC:\n#12  2026-01-01 10:00  bugfix    Slow login  (~40 tokens)\n#13  2026-01-02 10:00  change    Cache  (~20 tokens)\nNext: ...',
        ),
      ],
      { extra: at(3) },
    ),
    assistantLine('m2', [toolUse('u2', 'mcp__claude-mem__get_observations', { ids: [12] })], at(4)),
    resultLine('u2', '#12 bugfix: Slow login\nDate: 2026-01-01\n\nThe session cache was cold.', {
      extra: at(5),
    }),
  );
  assert.deepEqual(
    mcpInjections(events).map((i) => `${i.observationId} ${i.moment} t${i.turn}`),
    ['12 mcp-search t1', '13 mcp-search t1', '12 mcp-get t1'],
  );
});
