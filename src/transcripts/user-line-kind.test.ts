import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assistantLine,
  jsonl,
  resultLine,
  text,
  userLine,
} from '../../test/helpers/transcript-lines.ts';
import { parseTranscriptLines } from './transcript-line.ts';
import { classifyUserLine, commandPrompt } from './user-line-kind.ts';
import type { UserLineKind } from './user-line-kind.ts';

/** Classifies the first line of a transcript built from `lines`. */
function kindOfFirst(...lines: Array<Record<string, unknown>>): UserLineKind {
  return classifyUserLine(parseTranscriptLines(jsonl(...lines)).lines, 0);
}

const prompt = (value: string): UserLineKind => ({ kind: 'prompt', prompt: value });
const OTHER: UserLineKind = { kind: 'other' };
const reply = assistantLine('m1', [text('ok')]);

test('a string content is a prompt, kept as typed', () => {
  assert.deepEqual(kindOfFirst(userLine('  fix the bug\n')), prompt('  fix the bug\n'));
});

test('text blocks are a prompt without the IDE context blocks', () => {
  const ide = text('<ide_opened_file>The user opened a.ts</ide_opened_file>');
  const line = userLine([ide, text('explain this'), { type: 'image', source: {} }]);
  assert.deepEqual(kindOfFirst(line), prompt('explain this'));
});

test('a message holding only IDE context or a system reminder is not a prompt', () => {
  const ide = text('<ide_selection>lines 1-2</ide_selection>');
  const reminder = text('<system-reminder>note</system-reminder>');
  assert.deepEqual(kindOfFirst(userLine([ide, reminder])), OTHER);
});

test('tool results, meta, sidechain and compact-summary lines are not prompts', () => {
  assert.deepEqual(kindOfFirst(resultLine('t1', 'out')), OTHER);
  assert.deepEqual(kindOfFirst(userLine('Caveat: local', { isMeta: true })), OTHER);
  assert.deepEqual(kindOfFirst(userLine('Warmup', { isSidechain: true })), OTHER);
  assert.deepEqual(kindOfFirst(userLine('summary', { isCompactSummary: true })), OTHER);
  assert.deepEqual(kindOfFirst(userLine('   ')), OTHER);
});

test('an interrupt marker and a task notification have their own kinds', () => {
  const interrupt = userLine([text('[Request interrupted by user for tool use]')]);
  const notification = userLine('<task-notification>\n<task-id>b1</task-id>');
  assert.deepEqual(kindOfFirst(interrupt), { kind: 'interrupt' });
  assert.deepEqual(kindOfFirst(notification), { kind: 'notification' });
});

test('a slash command that queries the model is a prompt of what was typed', () => {
  const command = userLine(
    '<command-message>review</command-message>\n<command-name>/review</command-name>\n<command-args>12</command-args>',
  );
  const expansion = userLine([text('Review PR 12')], { isMeta: true });
  assert.deepEqual(kindOfFirst(command, expansion, reply), prompt('/review 12'));
});

test('a local slash command answered with local-command-stdout is not a prompt', () => {
  const command = userLine('<command-name>/model</command-name>\n<command-args></command-args>');
  const stdout = userLine('<local-command-stdout>Set model</local-command-stdout>');
  assert.deepEqual(kindOfFirst(command, stdout), OTHER);
  assert.deepEqual(kindOfFirst(stdout), OTHER);
});

test('bash mode input and output are not prompts', () => {
  assert.deepEqual(kindOfFirst(userLine('<bash-input>ls</bash-input>')), OTHER);
  assert.deepEqual(kindOfFirst(userLine('<bash-stdout>a.ts</bash-stdout>')), OTHER);
});

test('commandPrompt adds the slash older versions left out', () => {
  assert.equal(commandPrompt('<command-name>clear</command-name>'), '/clear');
  assert.equal(
    commandPrompt('<command-name>/x:y</command-name><command-args> a b </command-args>'),
    '/x:y a b',
  );
});

test('a line that is not a user line is other', () => {
  assert.deepEqual(kindOfFirst(reply), OTHER);
});
