import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HookPayload } from './hook-payload.ts';
import { replayTranscript } from './replay.ts';
import {
  assistantLine,
  jsonl,
  resultLine,
  text,
  toolUse,
  userLine,
} from '../../test/helpers/transcript-lines.ts';

const PATH = '/home/u/.claude/projects/-proj/sess-1.jsonl';
const replay = (...lines: Array<Record<string, unknown>>): HookPayload[] =>
  replayTranscript(jsonl(...lines), { transcriptPath: PATH });
const names = (payloads: HookPayload[]): string[] => payloads.map((p) => p.hook_event_name);
const only = (payloads: HookPayload[], event: string): HookPayload[] =>
  payloads.filter((p) => p.hook_event_name === event);
const base = { session_id: 'sess-1', transcript_path: PATH, cwd: '/proj' };

test('replays one turn with one tool as Claude Code sends it', () => {
  const payloads = replay(
    userLine('read notes.txt'),
    assistantLine('m1', [toolUse('t1', 'Read', { file_path: '/proj/notes.txt' })]),
    resultLine('t1', 'hello', { toolUseResult: { type: 'text', file: { content: 'hello' } } }),
    assistantLine('m2', [text('It says hello.')]),
  );
  assert.deepEqual(payloads, [
    { ...base, hook_event_name: 'SessionStart', source: 'startup' },
    { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'read notes.txt' },
    {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_name: 'Read',
      tool_input: { file_path: '/proj/notes.txt' },
      tool_response: { type: 'text', file: { content: 'hello' } },
      tool_use_id: 't1',
    },
    {
      ...base,
      hook_event_name: 'Stop',
      stop_hook_active: false,
      last_assistant_message: 'It says hello.',
    },
    { ...base, hook_event_name: 'SessionEnd', reason: 'other' },
  ]);
});

test('pairs tools of one message split over lines, in the order their results arrive', () => {
  const payloads = replay(
    userLine('look around'),
    assistantLine('m1', [text('Checking two things.')]),
    assistantLine('m1', [toolUse('t1', 'Glob', { pattern: '*.ts' })]),
    assistantLine('m1', [toolUse('t2', 'Bash', { command: 'ls' }), toolUse('t3', 'Grep')]),
    resultLine('t2', 'a.ts'),
    resultLine('t1', [{ type: 'text', text: 'a.ts' }]),
  );
  const tools = only(payloads, 'PostToolUse');
  assert.deepEqual(
    tools.map((p) => p.tool_use_id),
    ['t2', 't1'],
  );
  assert.deepEqual(
    tools.map((p) => p.tool_response),
    ['a.ts', [{ type: 'text', text: 'a.ts' }]],
  );
});

test('a tool use whose result never appears yields no PostToolUse', () => {
  const payloads = replay(userLine('go'), assistantLine('m1', [toolUse('t1', 'Bash')]));
  assert.deepEqual(names(payloads), ['SessionStart', 'UserPromptSubmit', 'Stop', 'SessionEnd']);
});

test('an error result yields PostToolUseFailure with the result text and no tool_response', () => {
  const payloads = replay(
    userLine('run it'),
    assistantLine('m1', [toolUse('t1', 'Bash', { command: 'exit 3' })]),
    resultLine('t1', 'Exit code 3\noops', { isError: true, toolUseResult: 'Error: Exit code 3' }),
  );
  assert.deepEqual(only(payloads, 'PostToolUseFailure'), [
    {
      ...base,
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'exit 3' },
      tool_use_id: 't1',
      error: 'Exit code 3\noops',
      is_interrupt: false,
    },
  ]);
});

test('an error given as content blocks becomes their joined text', () => {
  const blocks = [
    { type: 'text', text: 'first' },
    { type: 'text', text: 'second' },
  ];
  const payloads = replay(
    assistantLine('m1', [toolUse('t1', 'mcp__x__y')]),
    resultLine('t1', blocks, { isError: true }),
  );
  assert.equal(only(payloads, 'PostToolUseFailure')[0]?.error, 'first\nsecond');
});

test('a repeated result line pairs once; a result without its tool use pairs never', () => {
  const payloads = replay(
    assistantLine('m1', [toolUse('t1', 'Bash')]),
    resultLine('t1', 'one'),
    resultLine('t1', 'one'),
    resultLine('t9', 'orphan'),
  );
  assert.deepEqual(
    only(payloads, 'PostToolUse').map((p) => p.tool_use_id),
    ['t1'],
  );
});

test('meta, compact-summary, sidechain, interrupt and local command lines are not prompts', () => {
  const payloads = replay(
    userLine('Caveat: local commands below', { isMeta: true }),
    userLine('<command-name>/clear</command-name>'),
    userLine('<local-command-stdout></local-command-stdout>'),
    userLine('This session is being continued', { isCompactSummary: true }),
    userLine('sub prompt', { isSidechain: true }),
    userLine([text('[Request interrupted by user]')]),
    userLine('the real one'),
  );
  assert.deepEqual(
    only(payloads, 'UserPromptSubmit').map((p) => p.prompt),
    ['the real one'],
  );
});

test('Stop carries the last assistant text of its turn and comes before the next prompt', () => {
  const payloads = replay(
    userLine('first'),
    assistantLine('m1', [text('one'), toolUse('t1', 'Bash')]),
    resultLine('t1', 'ok'),
    assistantLine('m2', [text('two')]),
    assistantLine('m2', [text('three')]),
    userLine('second'),
    assistantLine('m3', [toolUse('t2', 'Bash')]),
  );
  const stops = only(payloads, 'Stop').map((p) => p.last_assistant_message);
  assert.deepEqual(stops, ['three', '']);
  assert.deepEqual(names(payloads).slice(3, 6), ['Stop', 'UserPromptSubmit', 'Stop']);
});

test('an interrupted turn ends without Stop', () => {
  const payloads = replay(
    userLine('long job'),
    assistantLine('m1', [text('working')]),
    userLine([text('[Request interrupted by user for tool use]')]),
    userLine('something else'),
    assistantLine('m2', [text('done')]),
  );
  const expected = ['SessionStart', 'UserPromptSubmit', 'UserPromptSubmit', 'Stop', 'SessionEnd'];
  assert.deepEqual(names(payloads), expected);
});

test('a task notification starts a turn without UserPromptSubmit', () => {
  const payloads = replay(
    userLine('start'),
    assistantLine('m1', [text('started')]),
    userLine('<task-notification>\n<status>completed</status>\n</task-notification>'),
    assistantLine('m2', [text('it finished')]),
  );
  assert.deepEqual(
    only(payloads, 'Stop').map((p) => p.last_assistant_message),
    ['started', 'it finished'],
  );
  assert.equal(only(payloads, 'UserPromptSubmit').length, 1);
});

test('a prompt-type slash command is submitted as /name args', () => {
  const payloads = replay(
    userLine('<command-message>init</command-message>\n<command-name>/init</command-name>'),
    userLine([text('Please analyze this codebase')], { isMeta: true }),
    assistantLine('m1', [text('Done.')]),
  );
  assert.deepEqual(
    only(payloads, 'UserPromptSubmit').map((p) => p.prompt),
    ['/init'],
  );
});

test('UserPromptSubmit carries prompt_id and permission_mode when the line has them', () => {
  const payloads = replay(userLine('hi', { promptId: 'p-1', permissionMode: 'acceptEdits' }));
  const [submit] = only(payloads, 'UserPromptSubmit');
  assert.equal(submit?.prompt_id, 'p-1');
  assert.equal(submit?.permission_mode, 'acceptEdits');
});

test('ids come from the lines, then the options, then the file name; cwd follows the lines', () => {
  const fromLines = replayTranscript(jsonl(userLine('a', { cwd: '/moved' })), {
    sessionId: 'x',
    cwd: '/o',
  });
  const noIds = jsonl({ type: 'summary', summary: 'title' });
  const fromOpts = replayTranscript(noIds, { sessionId: 'opt-id', cwd: '/opt' });
  const fromName = replayTranscript(noIds, { transcriptPath: '/p/file-id.jsonl' });
  assert.deepEqual([fromLines[0]?.session_id, fromLines[0]?.cwd], ['sess-1', '/moved']);
  assert.deepEqual([fromOpts[0]?.session_id, fromOpts[0]?.cwd], ['opt-id', '/opt']);
  assert.deepEqual(
    [fromName[0]?.session_id, fromName[0]?.transcript_path],
    ['file-id', '/p/file-id.jsonl'],
  );
});

test('an empty transcript still starts and ends a session; unparsable lines are skipped', () => {
  const payloads = replayTranscript('not json\n\n{"type":\n', { transcriptPath: '/p/e.jsonl' });
  assert.deepEqual(names(payloads), ['SessionStart', 'SessionEnd']);
});

test('sidechain tool uses inside a main transcript carry agent_id and stay out of Stop', () => {
  const sub = { isSidechain: true, agentId: 'a1' };
  const payloads = replay(
    userLine('delegate'),
    assistantLine('m1', [text('Delegating.')]),
    assistantLine('s1', [text('sub text'), toolUse('t1', 'Read')], sub),
    resultLine('t1', 'content', { extra: sub }),
  );
  assert.equal(only(payloads, 'PostToolUse')[0]?.agent_id, 'a1');
  assert.equal(only(payloads, 'Stop')[0]?.last_assistant_message, 'Delegating.');
});

test('replaying a resumed file that repeats earlier lines emits the repeated tool again', () => {
  const earlier = [
    userLine('go'),
    assistantLine('m1', [toolUse('t1', 'Bash')]),
    resultLine('t1', 'ok'),
  ];
  const first = replay(...earlier);
  const resumed = replay(...earlier, userLine('more'));
  assert.deepEqual(only(first, 'PostToolUse'), only(resumed, 'PostToolUse'));
});
