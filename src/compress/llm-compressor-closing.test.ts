import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compressEvent, scriptedCompressor } from '../../test/helpers/llm-script.ts';
import { OBSERVATION_AND_SUMMARY_SYSTEM, OBSERVATION_SYSTEM } from './prompts.ts';
import type { ObservationDraft, TurnBatch } from './types.ts';

const scripted = (...answers: string[]) => scriptedCompressor(answers);

const earlier: ObservationDraft = {
  type: 'discovery',
  title: 'Found the lexer bug',
  subtitle: '',
  facts: [],
  narrative: '',
  concepts: [],
  filesRead: ['src/lexer.ts'],
  filesModified: [],
  sourceEventIds: [7],
};

const closing: TurnBatch = {
  project: 'app',
  root: '/app',
  promptNumber: 2,
  prompt: 'fix a',
  events: [
    compressEvent({
      id: 41,
      toolName: 'Edit',
      input: { file_path: '/app/src/a.ts', old_string: 'a', new_string: 'b' },
    }),
  ],
  withSummary: {
    observations: [earlier],
    lastAssistantMessage: 'Fixed a in /app/src/a.ts.',
    subagentMessages: ['The lexer reads a twice.'],
  },
};

const good =
  '<observation><type>bugfix</type><title>Fixed a</title><files_modified><file>src/a.ts</file></files_modified></observation>';
const summary = '<summary><request>Fix a</request><completed>a fixed</completed></summary>';

test("a closing batch asks for observations and the summary in one request, with the turn's end", async () => {
  const { compressor, requests } = scripted(`${good}\n${summary}`);
  await compressor.compressTurn(closing);
  assert.equal(requests.length, 1);
  assert.equal(requests[0]?.system, OBSERVATION_AND_SUMMARY_SYSTEM);
  const content = requests[0]?.messages[0]?.content ?? '';
  assert.match(
    content,
    /<earlier_observations>\n- \[discovery\] Found the lexer bug \(src\/lexer\.ts\)\n<\/earlier_observations>/,
  );
  assert.match(content, /<subagent_result>The lexer reads a twice\.<\/subagent_result>/);
  assert.match(content, /<final_message>Fixed a in src\/a\.ts\.<\/final_message>\n<\/turn>$/);
});

test('its answer gives the observations and a summary with the files of all the turn', async () => {
  const { compressor } = scripted(`${good}\n${summary}`);
  const result = await compressor.compressTurn(closing);
  assert.deepEqual(
    result.observations.map((o) => [o.title, o.sourceEventIds]),
    [['Fixed a', [41]]],
  );
  const draft = result.summary?.summary;
  assert.deepEqual(
    [draft?.request, draft?.completed, draft?.filesRead, draft?.filesModified],
    ['Fix a', 'a fixed', ['src/lexer.ts'], ['src/a.ts']],
  );
});

test('an answer without the summary still gives the observations; the summary stays undefined', async () => {
  const { compressor } = scripted(good);
  const result = await compressor.compressTurn(closing);
  assert.deepEqual([result.observations.length, result.summary], [1, undefined]);
});

test('a bare skip skips the summary too, with the reason', async () => {
  const { compressor } = scripted('<skip>small talk</skip>');
  const result = await compressor.compressTurn(closing);
  assert.deepEqual(
    [result.skipped, result.summary],
    ['small talk', { summary: null, skipped: 'small talk' }],
  );
});

test('a batch that does not close its turn keeps the plain instructions and never has a summary', async () => {
  const { compressor, requests } = scripted(`${good}\n${summary}`);
  const result = await compressor.compressTurn({ ...closing, withSummary: undefined });
  assert.equal(requests[0]?.system, OBSERVATION_SYSTEM);
  assert.doesNotMatch(requests[0]?.messages[0]?.content ?? '', /final_message/);
  assert.equal(result.summary, undefined);
});
