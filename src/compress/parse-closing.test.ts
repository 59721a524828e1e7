import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseClosingAnswer } from './parse-closing.ts';

const observation =
  '<observation><type>bugfix</type><title>Fixed login</title><files_modified><file>src/login.ts</file></files_modified></observation>';
const summary =
  '<summary><request>Fix login</request><completed>Login works again</completed></summary>';

const titles = (answer: ReturnType<typeof parseClosingAnswer>) =>
  answer.kind === 'items' ? answer.items.map((item) => item.title) : answer.kind;

test('reads the observations and the summary that follows them', () => {
  const answer = parseClosingAnswer(`${observation}\n${summary}`);
  assert.deepEqual(titles(answer), ['Fixed login']);
  assert.deepEqual(answer.kind !== 'bad' && answer.summary, {
    kind: 'items',
    items: [
      {
        request: 'Fix login',
        investigated: '',
        learned: '',
        completed: 'Login works again',
        nextSteps: '',
        notes: '',
      },
    ],
  });
});

test('an answer without the summary keeps its observations; the summary is left undefined', () => {
  const answer = parseClosingAnswer(`\`\`\`xml\n${observation}\n\`\`\``);
  assert.deepEqual(titles(answer), ['Fixed login']);
  assert.equal(answer.kind !== 'bad' && answer.summary, undefined);
});

test('a summary cut off by the token limit counts as absent, not stored half-written', () => {
  const answer = parseClosingAnswer(`${observation}\n<summary><request>Fix login</request><comp`);
  assert.deepEqual(titles(answer), ['Fixed login']);
  assert.equal(answer.kind !== 'bad' && answer.summary, undefined);
});

test('a summary with no fields counts as absent', () => {
  const answer = parseClosingAnswer(`${observation}\n<summary>\n</summary>`);
  assert.equal(answer.kind !== 'bad' && answer.summary, undefined);
});

test('a bare skip answers for the whole turn: observations and summary', () => {
  const answer = parseClosingAnswer('<skip>small talk</skip>');
  assert.deepEqual(answer, {
    kind: 'skip',
    reason: 'small talk',
    summary: { kind: 'skip', reason: 'small talk' },
  });
});

test('a summary alone is a skip of the observations and a usable summary', () => {
  const answer = parseClosingAnswer(summary);
  assert.deepEqual([answer.kind, answer.kind !== 'bad' && answer.summary?.kind], ['skip', 'items']);
});

test('the summary may skip on its own while the observations stand', () => {
  const answer = parseClosingAnswer(`${observation}<summary><skip>nothing to add</skip></summary>`);
  assert.deepEqual(titles(answer), ['Fixed login']);
  assert.deepEqual(answer.kind !== 'bad' && answer.summary, {
    kind: 'skip',
    reason: 'nothing to add',
  });
});

test('a summary field named like an observation field does not leak into the observations', () => {
  const answer = parseClosingAnswer(
    `${summary.replace('</summary>', '<notes><title>x</title></notes></summary>')}${observation}`,
  );
  assert.deepEqual(titles(answer), ['Fixed login']);
});

test('output with neither observations, skip nor summary is bad (the correction retry asks again)', () => {
  assert.equal(parseClosingAnswer('Sure! The turn went fine.').kind, 'bad');
});
