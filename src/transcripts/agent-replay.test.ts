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

const PROJECT = '/home/u/.claude/projects/-proj';
const AGENT_PATH = `${PROJECT}/parent-1/subagents/agent-a77.jsonl`;
const sub = { sessionId: 'parent-1', isSidechain: true, agentId: 'a77' };
const names = (payloads: HookPayload[]): string[] => payloads.map((p) => p.hook_event_name);

const agentLines = [
  userLine('Explore the repo', sub),
  assistantLine('m1', [text('Looking.'), toolUse('t1', 'Glob', { pattern: '**' })], sub),
  resultLine('t1', 'a.ts', { extra: sub }),
  assistantLine('m2', [toolUse('t2', 'Read', { file_path: '/x' })], sub),
  resultLine('t2', 'EISDIR', { isError: true, extra: sub }),
  assistantLine('m3', [text('Summary: one file.')], sub),
];

test('a subagent file yields its tool hooks under the parent session, then SubagentStop', () => {
  const payloads = replayTranscript(jsonl(...agentLines), { transcriptPath: AGENT_PATH });
  const base = {
    session_id: 'parent-1',
    transcript_path: `${PROJECT}/parent-1.jsonl`,
    cwd: '/proj',
  };
  assert.deepEqual(payloads, [
    {
      ...base,
      agent_id: 'a77',
      hook_event_name: 'PostToolUse',
      tool_name: 'Glob',
      tool_input: { pattern: '**' },
      tool_response: 'a.ts',
      tool_use_id: 't1',
    },
    {
      ...base,
      agent_id: 'a77',
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Read',
      tool_input: { file_path: '/x' },
      tool_use_id: 't2',
      error: 'EISDIR',
      is_interrupt: false,
    },
    {
      ...base,
      agent_id: 'a77',
      hook_event_name: 'SubagentStop',
      agent_transcript_path: AGENT_PATH,
      stop_hook_active: false,
      last_assistant_message: 'Summary: one file.',
    },
  ]);
});

test('agent_type comes from the options and lands on every payload', () => {
  const opts = { transcriptPath: AGENT_PATH, agentType: 'Explore' };
  const payloads = replayTranscript(jsonl(...agentLines), opts);
  assert.deepEqual(
    payloads.map((p) => p.agent_type),
    ['Explore', 'Explore', 'Explore'],
  );
});

test('sidechain lines make a subagent transcript without an agent- file name', () => {
  const payloads = replayTranscript(jsonl(...agentLines));
  assert.deepEqual(names(payloads), ['PostToolUse', 'PostToolUseFailure', 'SubagentStop']);
  assert.equal(payloads[2]?.agent_id, 'a77');
  assert.equal(payloads[2]?.transcript_path, '');
});

test('the old project-level agent file takes its id from the file name when lines lack it', () => {
  const old = { sessionId: 'parent-2', isSidechain: true };
  const lines = [userLine('Warmup', old), assistantLine('m1', [text('Ready.')], old)];
  const payloads = replayTranscript(jsonl(...lines), {
    transcriptPath: `${PROJECT}/agent-3be5.jsonl`,
  });
  assert.deepEqual(payloads, [
    {
      session_id: 'parent-2',
      transcript_path: `${PROJECT}/parent-2.jsonl`,
      cwd: '/proj',
      agent_id: '3be5',
      hook_event_name: 'SubagentStop',
      agent_transcript_path: `${PROJECT}/agent-3be5.jsonl`,
      stop_hook_active: false,
      last_assistant_message: 'Ready.',
    },
  ]);
});

test('an empty agent file yields only SubagentStop, with an empty last message', () => {
  const payloads = replayTranscript('', { transcriptPath: AGENT_PATH, sessionId: 'p-9' });
  assert.deepEqual(names(payloads), ['SubagentStop']);
  assert.deepEqual([payloads[0]?.session_id, payloads[0]?.last_assistant_message], ['p-9', '']);
});
