import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { confirm } from './confirm.ts';
import { formatCounts } from './format-counts.ts';

async function ask(input: string[]): Promise<{ answer: boolean; shown: string }> {
  let shown = '';
  const answer = await confirm('Delete?', {
    stdin: Readable.from(input),
    stderr: { write: (text: string) => (shown += text) },
  });
  return { answer, shown };
}

test('only y or yes is a yes; a closed stdin is a no', async () => {
  assert.deepEqual(await ask(['y\n']), { answer: true, shown: 'Delete? [y/N] ' });
  assert.equal((await ask([' YES \n'])).answer, true);
  assert.equal((await ask(['\n', 'y\n'])).answer, false);
  assert.equal((await ask(['no\n'])).answer, false);
  assert.deepEqual(await ask([]), {
    answer: false,
    shown: 'Delete? [y/N] \nnot a terminal: pass -y to confirm\n',
  });
});

test('a terminal closed without an answer is a no, with nothing more said', async () => {
  let shown = '';
  const stdin = Object.assign(Readable.from([]), { isTTY: true });
  const answer = await confirm('Delete?', { stdin, stderr: { write: (text) => (shown += text) } });
  assert.deepEqual({ answer, shown }, { answer: false, shown: 'Delete? [y/N] \n' });
});

test('counts read as words, zeros left out', () => {
  assert.equal(
    formatCounts({ observations: 2, summaries: 1, prompts: 0, events: 1200, sessions: 1 }),
    '2 observations, 1 summary, 1,200 tool events, 1 session',
  );
  assert.equal(formatCounts({ observations: 0 }), 'nothing');
});
