import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countToolPairs } from './count-tool-pairs.ts';
import { assistantLine, jsonl, resultLine, toolUse } from '../../test/helpers/transcript-lines.ts';

test('counts distinct tool uses that have a result in the same transcript', () => {
  const text = jsonl(
    assistantLine('m1', [toolUse('t1', 'Bash'), toolUse('t2', 'Read')]),
    assistantLine('m2', [toolUse('t3', 'Grep')]),
    resultLine('t1', 'ok'),
    resultLine('t1', 'ok'),
    resultLine('t3', 'bad', { isError: true }),
    resultLine('t9', 'orphan'),
  );
  assert.equal(countToolPairs(text), 2);
});

test('ignores tool uses quoted inside progress lines', () => {
  const progress = {
    type: 'progress',
    data: { message: assistantLine('m1', [toolUse('t1', 'Bash')]) },
  };
  assert.equal(countToolPairs(jsonl(progress, resultLine('t1', 'ok'))), 0);
});

test('an empty or unreadable transcript has no pairs', () => {
  assert.equal(countToolPairs(''), 0);
  assert.equal(countToolPairs('{oops\n'), 0);
});
