import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assistantLine,
  jsonl,
  resultLine,
  toolUse,
  userLine,
} from '../../../test/helpers/transcript-lines.ts';
import { transcriptTimes } from './transcript-times.ts';

const at = (iso: string) => ({ timestamp: iso });

test('prompt times follow the replayer: local commands and tool results are not prompts', () => {
  const text = jsonl(
    userLine('<command-name>/clear</command-name>', at('2025-01-01T00:00:00Z')),
    userLine('<local-command-stdout></local-command-stdout>', at('2025-01-01T00:00:01Z')),
    userLine('first', at('2025-01-01T00:00:02Z')),
    assistantLine('m', [toolUse('t1', 'Read')], at('2025-01-01T00:00:03Z')),
    'not json',
    resultLine('t1', 'x', { extra: at('2025-01-01T00:00:04Z') }),
    resultLine('t1', 'again', { extra: at('2025-01-01T00:00:05Z') }),
    userLine('second'),
  );
  const times = transcriptTimes(text);
  const ms = (s: number) => Date.parse('2025-01-01T00:00:00Z') + s * 1000;
  assert.deepEqual(times.prompts, [ms(2), undefined]);
  assert.deepEqual([...times.toolResults], [['t1', ms(4)]]);
  assert.deepEqual([times.first, times.last, times.lines], [ms(0), ms(5), 7]);
});
