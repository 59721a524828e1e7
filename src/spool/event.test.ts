import assert from 'node:assert/strict';
import { test } from 'node:test';
import { promptEvent, toolEvent } from '../../test/helpers/spool-events.ts';
import { parseSpoolEvent } from './event.ts';

const tool = toolEvent();

test('a well-formed event parses back to itself', () => {
  assert.deepEqual(parseSpoolEvent(JSON.stringify(tool)), { ok: true, event: tool });
});

test('unknown extra fields are kept, so a newer writer does not break an older reader', () => {
  const event = { ...promptEvent(), extra: 'x' };
  assert.deepEqual(parseSpoolEvent(JSON.stringify(event)), { ok: true, event });
});

test('a truncated file is reported as not valid JSON with its size', () => {
  const text = JSON.stringify(tool);
  const half = text.slice(0, Math.floor(text.length / 2));
  assert.deepEqual(parseSpoolEvent(half), {
    ok: false,
    reason: `not valid JSON (${half.length} bytes, truncated or corrupt)`,
  });
});

const WRONG_SHAPES: Array<[string, unknown, string]> = [
  ['null', null, 'not a JSON object'],
  ['a number', 42, 'not a JSON object'],
  ['an array', [tool], 'unsupported version'],
  ['version 2', { ...tool, v: 2 }, 'unsupported version'],
  ['no id', { ...tool, id: undefined }, 'missing id'],
  ['an empty id', { ...tool, id: '' }, 'missing id'],
  ['a string time', { ...tool, at: '1700000000000' }, 'missing at'],
  ['no session id', { ...tool, sessionId: undefined }, 'missing sessionId'],
  ['a numeric session id', { ...tool, sessionId: 7 }, 'missing sessionId'],
  ['no cwd', { ...tool, cwd: undefined }, 'missing cwd'],
  ['no project', { ...tool, project: undefined }, 'missing project'],
  ['a project without root', { ...tool, project: { name: 'a' } }, 'missing project'],
  ['an unknown kind', { ...tool, kind: 'telemetry' }, 'unknown kind telemetry'],
  [
    'a tool event without toolName',
    { ...tool, toolName: undefined },
    'tool event without toolName',
  ],
];

for (const [name, value, reason] of WRONG_SHAPES) {
  test(`an event with ${name} is refused: ${reason}`, () => {
    assert.deepEqual(parseSpoolEvent(JSON.stringify(value)), { ok: false, reason });
  });
}
