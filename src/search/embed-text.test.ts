import assert from 'node:assert/strict';
import { test } from 'node:test';
import { embedText } from './embed-text.ts';

const row = { title: 'T', subtitle: '', narrative: '', facts: '[]', concepts: '[]' };

test('title, subtitle, narrative, facts and concepts, one per line, empty parts left out', () => {
  assert.equal(
    embedText({
      ...row,
      subtitle: 'S',
      narrative: 'N',
      facts: '["f1","f2"]',
      concepts: '["c1","c2"]',
    }),
    'T\nS\nN\nf1\nf2\nc1, c2',
  );
});

test('a part contained in another is embedded once; malformed lists count as empty', () => {
  assert.equal(
    embedText({ ...row, title: 'Alice: hello there', narrative: 'hello there' }),
    'Alice: hello there',
  );
  assert.equal(embedText({ ...row, title: 'same', narrative: 'same' }), 'same');
  assert.equal(embedText({ ...row, facts: 'not json', concepts: '{' }), 'T');
});
