import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changedFields, parseEditable, renderEditable } from './edit-format.ts';

const fields = {
  title: 'Fix the token ttl',
  narrative: 'The ttl is in seconds.\n\nrefresh() multiplied by nothing.',
  facts: ['ttl is seconds', 'refresh() converts to ms'],
};

test('what is rendered parses back to the same fields, and nothing changed', () => {
  const parsed = parseEditable(renderEditable(12, fields));
  assert.deepEqual(parsed, fields);
  assert.equal(changedFields(fields, parsed), undefined);
});

test('an edited title and fact come back as the only changes', () => {
  const text = renderEditable(12, fields)
    .replace('title: Fix the token ttl', 'title: Token ttl is seconds')
    .replace('  - ttl is seconds\n', '');
  assert.deepEqual(changedFields(fields, parseEditable(text)), {
    title: 'Token ttl is seconds',
    facts: ['refresh() converts to ms'],
  });
});

test('a line that is no field is named with its number', () => {
  const text = renderEditable(12, fields).replace('facts:', 'facts:\nnonsense here');
  assert.throws(() => parseEditable(text), /line 9: "nonsense here" is not a field/);
});

test('a missing or empty title is refused', () => {
  assert.throws(() => parseEditable('narrative: |\n  x\n'), /no "title:" line/);
  assert.throws(() => parseEditable('title:\n'), /line 1: the title must not be empty/);
});
