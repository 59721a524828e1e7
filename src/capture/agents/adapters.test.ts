import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adapterFor, canonicalTool, patchFiles } from './index.ts';

const codex = adapterFor('codex')!;
const gemini = adapterFor('gemini')!;
const copilot = adapterFor('copilot')!;

test('Claude Code and unknown names have no adapter', () => {
  assert.equal(adapterFor('claude'), undefined);
  assert.equal(adapterFor('constructor'), undefined);
  assert.equal(adapterFor(undefined), undefined);
});

test('tool names map to the ones compression knows; others stay', () => {
  assert.deepEqual(
    [
      'run_shell_command',
      'read_file',
      'replace',
      'view',
      'bash',
      'rg',
      'mcp__x__y',
      'toString',
    ].map(canonicalTool),
    ['Bash', 'Read', 'Edit', 'Read', 'Bash', 'Grep', 'mcp__x__y', 'toString'],
  );
});

test("a Codex apply_patch becomes an Edit (Write when it only adds) naming the patch's files", () => {
  const patch =
    '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** Add File: b.ts\n+z\n*** End Patch';
  assert.deepEqual(patchFiles(patch), { files: ['src/a.ts', 'b.ts'], addsOnly: false });
  const mapped = codex.payload('PostToolUse', {
    session_id: 's',
    tool_name: 'apply_patch',
    tool_input: { command: patch },
    tool_response: 'Success',
  });
  assert.equal(mapped.tool_name, 'Edit');
  assert.deepEqual((mapped.tool_input as { files: string[] }).files, ['src/a.ts', 'b.ts']);
  const add = codex.payload('PostToolUse', {
    tool_name: 'apply_patch',
    tool_input: { command: '*** Begin Patch\n*** Add File: c.ts\n+z\n*** End Patch' },
  });
  assert.equal(add.tool_name, 'Write');
});

test('Codex events are Claude Code names; PostCompact is not captured', () => {
  assert.equal(codex.event('SessionStart'), 'SessionStart');
  assert.equal(codex.event('PostCompact'), undefined);
  assert.deepEqual(codex.output('SessionStart', 'ctx'), {
    hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'ctx' },
  });
  assert.deepEqual(codex.output('Stop', undefined), {});
});

test('Gemini: BeforeAgent is the prompt, AfterAgent the turn end, a tool error a failure', () => {
  assert.deepEqual(
    ['BeforeAgent', 'AfterTool', 'AfterAgent', 'PreCompress', 'Notification'].map(gemini.event),
    ['UserPromptSubmit', 'PostToolUse', 'Stop', 'PreCompact', undefined],
  );
  const stop = gemini.payload('Stop', { session_id: 's', prompt_response: 'all done' });
  assert.equal(stop.last_assistant_message, 'all done');
  const failed = gemini.payload('PostToolUse', {
    session_id: 's',
    tool_name: 'run_shell_command',
    tool_input: { command: 'false' },
    tool_response: { llmContent: '', error: { message: 'exit 1' } },
  });
  assert.deepEqual(
    [failed.tool_name, failed.hook_event_name, failed.error],
    ['Bash', 'PostToolUseFailure', 'exit 1'],
  );
});

test('Copilot: camelCase payloads (as recorded from 1.0.102) become snake_case', () => {
  const mapped = copilot.payload('PostToolUse', {
    sessionId: 'c1',
    cwd: '/p',
    toolName: 'view',
    toolArgs: { path: '/p/notes.txt' },
    toolResult: { resultType: 'success', textResultForLlm: 'Release codename: bluefin\n' },
  });
  assert.deepEqual(mapped, {
    session_id: 'c1',
    cwd: '/p',
    transcript_path: undefined,
    source: undefined,
    reason: undefined,
    trigger: undefined,
    tool_name: 'Read',
    tool_input: { path: '/p/notes.txt', file_path: '/p/notes.txt' },
    tool_response: 'Release codename: bluefin\n',
    tool_use_id: undefined,
  });
  const failed = copilot.payload('PostToolUse', {
    sessionId: 'c1',
    toolName: 'bash',
    toolArgs: '{"command":"false"}',
    toolResult: {
      resultType: 'success',
      textResultForLlm: '\n<shellId: 0 completed with exit code 1>',
    },
  });
  assert.deepEqual([failed.tool_name, failed.hook_event_name], ['Bash', 'PostToolUseFailure']);
  assert.deepEqual(copilot.output('sessionStart', 'ctx'), { additionalContext: 'ctx' });
});
