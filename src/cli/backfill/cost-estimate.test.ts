import assert from 'node:assert/strict';
import { test } from 'node:test';
import { promptEvent, toolEvent, turnEndEvent } from '../../../test/helpers/spool-events.ts';
import { loadSettings } from '../../config/index.ts';
import { NO_COST, addCost, estimateSession } from './cost-estimate.ts';

const settings = loadSettings('/nonexistent', {}).settings;
const project = { name: 'alpha', root: '/work/alpha' };

test("one request per slice of a turn, a finished turn's last one bringing its summary", () => {
  const events = [
    promptEvent({ text: 'fix it' }),
    toolEvent(),
    toolEvent({ toolName: 'Bash', input: { command: 'ls' } }),
    turnEndEvent(),
    promptEvent({ text: 'more' }),
    ...Array.from({ length: 45 }, () => toolEvent()),
  ];
  const cost = estimateSession(events, settings, project);
  assert.deepEqual(
    [cost.sessions, cost.prompts, cost.events, cost.requests],
    [1, 2, 47, 1 + Math.ceil(45 / settings['compress.batchEvents'])],
  );
  assert.equal(cost.maxTokensOut, cost.requests * settings['compress.maxOutputTokens']);
  assert.ok(cost.tokensIn > cost.requests * 300, `${cost.tokensIn} tokens`);
});

test('a finished turn with nothing to send gets a summary request of its own', () => {
  const events = [promptEvent(), turnEndEvent({ lastAssistantMessage: 'Here is how it works.' })];
  const cost = estimateSession(events, settings, project);
  assert.equal(cost.requests, 1);
  assert.ok(cost.tokensIn > 100, `${cost.tokensIn} tokens`);
});

test('a turn of read-only noise and no Stop asks for nothing', () => {
  const events = [promptEvent(), toolEvent({ toolName: 'Bash', input: { command: 'pwd' } })];
  const cost = estimateSession(events, settings, project);
  assert.deepEqual([cost.requests, cost.tokensIn, cost.events], [0, 0, 1]);
  assert.deepEqual(addCost(NO_COST, cost), cost);
});
