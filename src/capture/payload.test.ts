import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePayload, sessionIdOf, str } from './payload.ts';

test('the parser keeps our fields of the right type and every field it does not know', () => {
  const parsed = parsePayload(
    JSON.stringify({
      session_id: ' s-1 ',
      tool_name: 'Read',
      tool_input: { file_path: 'a.ts' },
      duration_ms: 12,
      permission_mode: 'plan',
    }),
  );
  assert.ok(parsed.ok);
  assert.deepEqual(parsed.payload, {
    session_id: ' s-1 ',
    tool_name: 'Read',
    tool_input: { file_path: 'a.ts' },
    duration_ms: 12,
    permission_mode: 'plan',
  });
  assert.equal(sessionIdOf(parsed.payload), 's-1');
  assert.equal(str(parsed.payload, 'permission_mode'), 'plan');
});

test('a field of ours with another type reads as absent', () => {
  const parsed = parsePayload('{"prompt":["x"],"cwd":7,"duration_ms":"slow","agent_id":null}');
  assert.ok(parsed.ok);
  assert.deepEqual(parsed.payload, {});
});

test('what is not a JSON object is refused with the reason', () => {
  assert.deepEqual(
    ['', '[1]', 'null', '{"a":'].map((text) => parsePayload(text)),
    [
      { ok: false, reason: 'empty stdin' },
      { ok: false, reason: 'stdin JSON is not an object' },
      { ok: false, reason: 'stdin JSON is not an object' },
      { ok: false, reason: 'stdin is not JSON (5 chars)' },
    ],
  );
});
