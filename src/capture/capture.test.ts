import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SETTINGS_SCHEMA, type Settings } from '../config/index.ts';
import { capture, type CaptureContext } from './capture.ts';
import type { SpoolEvent } from '../spool/index.ts';
import type { Capture } from './capture.ts';
import { parsePayload, type HookInput } from './payload.ts';

const DEFAULTS = Object.fromEntries(
  Object.entries(SETTINGS_SCHEMA).map(([key, spec]) => [key, spec.default]),
) as unknown as Settings;

const TOKEN = `ghp_${'a1B2c3D4e5'.repeat(4)}`;
const REDACTED = '[REDACTED:github-token]';

const ctx = (settings: Partial<Settings> = {}): CaptureContext => ({
  settings: { ...DEFAULTS, ...settings },
  sessionId: 'sess-1',
  project: { name: 'shop', root: '/work/shop' },
  cwd: '/work/shop/src',
  id: 'evt-1',
  now: 1_700_000_000_000,
});

/** The spooled event of `result`, asserting it was spooled and of `kind`. */
function spooled<K extends SpoolEvent['kind']>(
  result: Capture,
  kind: K,
): Extract<SpoolEvent, { kind: K }> {
  assert.equal(result.action, 'spool');
  const { event } = result as Extract<Capture, { action: 'spool' }>;
  assert.equal(event.kind, kind);
  return event as Extract<SpoolEvent, { kind: K }>;
}

const BASE = {
  v: 1,
  id: 'evt-1',
  at: 1_700_000_000_000,
  sessionId: 'sess-1',
  project: { name: 'shop', root: '/work/shop' },
  cwd: '/work/shop/src',
  transcriptPath: '/home/u/.claude/projects/x/sess-1.jsonl',
};

/** A payload as the hook reads it: through the parser, as JSON text from Claude Code. */
function payload(fields: Record<string, unknown>): HookInput {
  const text = JSON.stringify({
    session_id: 'sess-1',
    transcript_path: '/home/u/.claude/projects/x/sess-1.jsonl',
    cwd: '/work/shop/src',
    ...fields,
  });
  const parsed = parsePayload(text);
  assert.ok(parsed.ok);
  return parsed.payload;
}

const readPayload = (fields: Record<string, unknown> = {}): HookInput =>
  payload({
    hook_event_name: 'PostToolUse',
    tool_name: 'Read',
    tool_use_id: 'toolu_01',
    tool_input: { file_path: '/work/shop/src/a.ts' },
    tool_response: { type: 'text', file: { filePath: '/work/shop/src/a.ts', content: 'ok' } },
    duration_ms: 42,
    ...fields,
  });

test('SessionStart becomes a session-start event with its source', () => {
  assert.deepEqual(capture('SessionStart', payload({ source: 'resume' }), ctx()), {
    action: 'spool',
    event: { ...BASE, kind: 'session-start', source: 'resume' },
  });
});

test('SessionStart without a source counts as startup', () => {
  const result = capture('SessionStart', payload({}), ctx());
  assert.equal(spooled(result, 'session-start').source, 'startup');
});

test('UserPromptSubmit keeps the prompt with private and context blocks stripped and secrets redacted', () => {
  const prompt = `  fix <private>my diary</private>the login <claude-mem-context>old</claude-mem-context>with ${TOKEN}  `;
  assert.deepEqual(capture('UserPromptSubmit', payload({ prompt }), ctx()), {
    action: 'spool',
    event: { ...BASE, kind: 'prompt', text: `fix the login with ${REDACTED}` },
    privateTurn: false,
  });
});

test('a fully private prompt is captured with no text and marks the turn private', () => {
  const prompt = ' <private>salary numbers</private>\n<private>more</private> ';
  assert.deepEqual(capture('UserPromptSubmit', payload({ prompt }), ctx()), {
    action: 'spool',
    event: { ...BASE, kind: 'prompt', text: null },
    privateTurn: true,
  });
});

test('a very long prompt is elided with a marker', () => {
  const result = capture('UserPromptSubmit', payload({ prompt: 'p'.repeat(50_000) }), ctx());
  const text = String(spooled(result, 'prompt').text);
  assert.ok(text.length <= 20_000);
  assert.match(text, /elided \d+ of 50000 chars/);
});

test('PostToolUse maps every field of the payload', () => {
  assert.deepEqual(capture('PostToolUse', readPayload({ agent_id: 'agent-7' }), ctx()), {
    action: 'spool',
    event: {
      ...BASE,
      kind: 'tool',
      toolName: 'Read',
      toolUseId: 'toolu_01',
      agentId: 'agent-7',
      input: { file_path: '/work/shop/src/a.ts' },
      response: { type: 'text', file: { filePath: '/work/shop/src/a.ts', content: 'ok' } },
      error: null,
      failed: false,
      durationMs: 42,
    },
  });
});

test('PostToolUse strips tags and redacts secrets in input and response, keys untouched', () => {
  const result = capture(
    'PostToolUse',
    readPayload({
      tool_name: 'Bash',
      tool_input: {
        command: `curl -H "token ${TOKEN}" x`,
        note: '<private>secret plan</private>ok',
      },
      tool_response: {
        stdout: `export GITHUB_TOKEN=${TOKEN}`,
        list: ['<system-reminder>r</system-reminder>a'],
      },
    }),
    ctx(),
  );
  const event = spooled(result, 'tool');
  assert.deepEqual(event.input, { command: `curl -H "token ${REDACTED}" x`, note: 'ok' });
  assert.doesNotMatch(JSON.stringify(event.response), /ghp_/);
  assert.deepEqual((event.response as { list: unknown }).list, ['a']);
});

test('a response over capture.maxResponseChars is stored elided to that limit', () => {
  const content = 'line of code\n'.repeat(1000);
  const result = capture(
    'PostToolUse',
    readPayload({ tool_response: { type: 'text', file: { content } } }),
    ctx({ 'capture.maxResponseChars': 2000 }),
  );
  const response = spooled(result, 'tool').response;
  assert.equal(typeof response, 'string');
  assert.ok(String(response).length <= 2000);
  assert.match(String(response), /^\{"type":"text"/);
  assert.match(String(response), /elided \d+ of \d+ chars/);
});

test('an input over capture.maxInputChars is stored elided to that limit', () => {
  const result = capture(
    'PostToolUse',
    readPayload({ tool_name: 'Write', tool_input: { content: 'w'.repeat(5000) } }),
    ctx({ 'capture.maxInputChars': 1000 }),
  );
  const input = spooled(result, 'tool').input;
  assert.ok(String(input).length <= 1000);
  assert.match(String(input), /elided/);
});

test('a response within the limit is kept as structured JSON', () => {
  const result = capture('PostToolUse', readPayload(), ctx({ 'capture.maxResponseChars': 1000 }));
  const response = spooled(result, 'tool').response;
  assert.equal(typeof response, 'object');
});

for (const tool of [
  'TodoWrite',
  'AskUserQuestion',
  'ListMcpResourcesTool',
  'SlashCommand',
  'Skill',
]) {
  test(`${tool} is in the default skip list and is dropped`, () => {
    assert.deepEqual(capture('PostToolUse', readPayload({ tool_name: tool }), ctx()), {
      action: 'drop',
      reason: `tool ${tool} is in capture.skipTools`,
    });
  });
}

test('the skip list comes from settings', () => {
  const settings = { 'capture.skipTools': ['Read'] };
  assert.equal(capture('PostToolUse', readPayload(), ctx(settings)).action, 'drop');
  assert.equal(
    capture('PostToolUse', readPayload({ tool_name: 'TodoWrite' }), ctx(settings)).action,
    'spool',
  );
});

for (const toolName of [undefined, '', 42]) {
  test(`a tool event with tool_name ${JSON.stringify(toolName)} is dropped`, () => {
    assert.deepEqual(capture('PostToolUse', readPayload({ tool_name: toolName }), ctx()), {
      action: 'drop',
      reason: 'tool event without tool_name',
    });
  });
}

test('fields of the wrong type become null rather than failing', () => {
  const result = capture(
    'PostToolUse',
    readPayload({ tool_use_id: 7, agent_id: {}, duration_ms: 'slow' }),
    ctx(),
  );
  const event = spooled(result, 'tool');
  assert.deepEqual([event.toolUseId, event.agentId, event.durationMs], [null, null, null]);
});

test('PostToolUseFailure is captured as failed with its error, sanitized, and no response', () => {
  const result = capture(
    'PostToolUseFailure',
    readPayload({
      hook_event_name: 'PostToolUseFailure',
      error: `401 for ${TOKEN}<private>x</private>`,
    }),
    ctx(),
  );
  const event = spooled(result, 'tool');
  assert.deepEqual(
    [event.failed, event.error, event.response],
    [true, `401 for ${REDACTED}`, null],
  );
});

test('a PostToolUse hook fed a PostToolUseFailure payload still records the failure', () => {
  const result = capture(
    'PostToolUse',
    readPayload({ hook_event_name: 'PostToolUseFailure', error: 'boom' }),
    ctx(),
  );
  const event = spooled(result, 'tool');
  assert.deepEqual([event.failed, event.error], [true, 'boom']);
});

test('Stop becomes a turn end with the last assistant message stripped', () => {
  const message = `Done.<private>internal</private> Key was ${TOKEN}`;
  assert.deepEqual(capture('Stop', payload({ last_assistant_message: message }), ctx()), {
    action: 'spool',
    event: {
      ...BASE,
      kind: 'turn-end',
      agentId: null,
      lastAssistantMessage: `Done. Key was ${REDACTED}`,
    },
  });
});

test('SubagentStop becomes a turn end of its agent', () => {
  const result = capture('SubagentStop', payload({ agent_id: 'agent-2' }), ctx());
  assert.deepEqual(result, {
    action: 'spool',
    event: { ...BASE, kind: 'turn-end', agentId: 'agent-2', lastAssistantMessage: '' },
  });
});

/** Per hook: the event kind, the payload field it records, a given value and its default. */
const RECORDED = [
  ['PreCompact', 'pre-compact', 'trigger', 'manual', 'auto'],
  ['SessionEnd', 'session-end', 'reason', 'logout', 'other'],
] as const;

for (const [hook, kind, field, given, fallback] of RECORDED) {
  test(`${hook} records its ${field}, ${fallback} by default`, () => {
    const spool = (value: string) => ({
      action: 'spool',
      event: { ...BASE, kind, [field]: value },
    });
    assert.deepEqual(capture(hook, payload({ [field]: given }), ctx()), spool(given));
    assert.deepEqual(capture(hook, payload({}), ctx()), spool(fallback));
  });
}

test('a payload without transcript_path gives an event without one', () => {
  const result = capture('SessionEnd', { session_id: 'sess-1' }, ctx());
  assert.equal(spooled(result, 'session-end').transcriptPath, undefined);
});

test("claude-mem's own MCP calls are dropped, under any name we were registered by", () => {
  for (const tool of [
    'mcp__claude-mem__search',
    'mcp__claude-mem__save_memory',
    'mcp__plugin_claude-mem_claude-mem__timeline',
  ]) {
    assert.deepEqual(capture('PostToolUse', readPayload({ tool_name: tool }), ctx()), {
      action: 'drop',
      reason: `tool ${tool} is claude-mem's own`,
    });
  }
  assert.equal(
    capture('PostToolUse', readPayload({ tool_name: 'mcp__github__search' }), ctx()).action,
    'spool',
  );
});

test('PreToolUse (registered for file-time recall) is never spooled', () => {
  assert.deepEqual(capture('PreToolUse', readPayload({ hook_event_name: 'PreToolUse' }), ctx()), {
    action: 'drop',
    reason: 'PreToolUse is not captured',
  });
});
