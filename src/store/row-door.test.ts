import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  RowRefusedError,
  ROW_LIMITS,
  soundList,
  soundMemory,
  soundText,
  soundTime,
} from './row-door.ts';

const NOW = 1_750_000_000_000;

test('a time far in the future, missing or not a number becomes now; a negative one 0', () => {
  assert.equal(soundTime(9_000_000_000_000_000_000, NOW), NOW);
  assert.equal(soundTime('9000000000000000000', NOW), NOW);
  assert.equal(soundTime(undefined, NOW), NOW);
  assert.equal(soundTime('soon', NOW), NOW);
  assert.equal(soundTime(-5, NOW), 0);
  assert.equal(soundTime('1700000000000', NOW), 1_700_000_000_000);
  assert.equal(soundTime(NOW + 1000.4, NOW), NOW + 1000);
});

test('lists become lists of strings, whatever came', () => {
  assert.deepEqual(soundList('src/a.ts'), ['src/a.ts']);
  assert.deepEqual(soundList('["a", 1, null, {"p": 2}, "a", true, ""]'), [
    'a',
    '1',
    '{"p":2}',
    'a',
    'true',
  ]);
  assert.deepEqual(soundList([' b ', ['c'], ' ']), [' b ', '["c"]']);
  assert.deepEqual(soundList(42), []);
  assert.deepEqual(soundList('{"not": "a list"}'), ['{"not":"a list"}']);
  assert.equal(
    soundList(Array.from({ length: 500 }, (_, i) => `f${i}`)).length,
    ROW_LIMITS.listItems,
  );
});

test('text loses its control characters and is cut to its size', () => {
  assert.equal(soundText('a\u001b[2Jb\r\nc\rd\u009b\te', 100), 'a[2Jb\nc\nd\te');
  assert.equal(soundText('x'.repeat(50), 10), `${'x'.repeat(9)}…`);
  assert.equal(soundText({ no: 'text' }, 10), '');
});

test('an observation body is made sound: type, title, lists, sizes; no object is refused', () => {
  const columns = {
    type: 'type',
    title: 'text',
    narrative: 'text',
    files_read: 'list',
    prompt_number: 'count',
  } as const;
  assert.deepEqual(
    soundMemory(
      'observation',
      {
        type: 'hack',
        title: '',
        narrative: `first line\n${'n'.repeat(30_000_000)}`,
        files_read: 'not json',
        prompt_number: -1,
      },
      columns,
    ),
    {
      type: 'discovery',
      title: 'first line',
      narrative: `first line\n${'n'.repeat(ROW_LIMITS.body - 12)}…`,
      files_read: ['not json'],
      prompt_number: null,
    },
  );
  assert.equal(soundMemory('summary', {}).prompt_number, 0);
  assert.throws(() => soundMemory('summary', 'text'), RowRefusedError);
  assert.throws(() => soundMemory('summary', null), /not an object/);
});
