import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonl, resultLine, userLine } from '../../test/helpers/transcript-lines.ts';
import { parseTranscriptLines } from './transcript-line.ts';

test('skips blank lines and counts lines that are not JSON objects', () => {
  const text = jsonl(userLine('hi'), '', '{"type":"user", broken', '42', 'null', '[1]', '   ');
  const parsed = parseTranscriptLines(text);
  assert.equal(parsed.lines.length, 1);
  assert.equal(parsed.unparsable, 4);
});

test('reads a string content, flags and ids', () => {
  const line = userLine('hi', { isMeta: true, promptId: 'p1', permissionMode: 'plan' });
  const [parsed] = parseTranscriptLines(jsonl(line)).lines;
  assert.deepEqual(parsed, {
    type: 'user',
    isSidechain: false,
    isMeta: true,
    isCompactSummary: false,
    content: 'hi',
    toolUseResult: undefined,
    sessionId: 'sess-1',
    cwd: '/proj',
    promptId: 'p1',
    permissionMode: 'plan',
  });
});

test('keeps tool_result blocks with their id, error flag, content and toolUseResult', () => {
  const line = resultLine('t1', 'boom', { isError: true, toolUseResult: 'Error: boom' });
  const [parsed] = parseTranscriptLines(jsonl(line)).lines;
  const block = { type: 'tool_result', tool_use_id: 't1', content: 'boom', is_error: true };
  assert.deepEqual(parsed?.content, [block]);
  assert.equal(parsed?.toolUseResult, 'Error: boom');
});

test('drops content blocks without a type and ignores a line without a message', () => {
  const text = jsonl(userLine([{ text: 'no type' }, { type: 'text', text: 'ok' }]), {
    type: 'summary',
  });
  const [first, second] = parseTranscriptLines(text).lines;
  assert.deepEqual(first?.content, [{ type: 'text', text: 'ok' }]);
  assert.equal(second?.content, undefined);
});
