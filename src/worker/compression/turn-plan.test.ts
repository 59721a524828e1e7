import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  echoObservation,
  type CompressEvent,
  type SummaryContext,
  type TurnBatch,
} from '../../compress/index.ts';
import type { PendingTurnEnd } from '../../store/index.ts';
import { planSummaryRequest, planTurn, ridingSummary, type TurnFacts } from './turn-plan.ts';

const bash = (id: number): CompressEvent => ({
  id,
  toolName: 'Bash',
  input: { command: `echo ${id}` },
  response: { stdout: 'o'.repeat(100) },
  error: null,
  failed: false,
  agentId: null,
  at: id,
});

const batch = (events: number): TurnBatch => ({
  project: 'p',
  root: '/p',
  promptNumber: 1,
  prompt: 'do it',
  events: Array.from({ length: events }, (_, i) => bash(i + 1)),
});

const END: PendingTurnEnd = {
  sessionRowId: 1,
  sessionId: 's1',
  project: 'p',
  projectRoot: '/p',
  promptNumber: 1,
  ended: 1,
  movedOn: 0,
  oldest: 1,
  attempts: 0,
};

/** A summary context with `subagents` subagent reports of 800 characters (each ~250 tokens). */
const context = (subagents: number, message = 'done'): SummaryContext => ({
  observations: [],
  lastAssistantMessage: message,
  subagentMessages: Array.from({ length: subagents }, () => 'r'.repeat(800)),
});

const LIMITS = { maxEvents: 3, maxInputTokens: 12_000, fieldChars: 1000 };

/**
 * The decision table: a turn's events, whether it is over, whether its end is stored, whether
 * earlier events await a retry, how many subagent reports its summary context holds; then the plan, the events of each
 * request sent now, and which of them ask for the summary.
 */
type Row = [string, number, boolean, boolean, boolean, number, string, number[], boolean[]];
const TABLE: Row[] = [
  ['running, short', 2, false, false, false, 0, 'not-yet', [], []],
  ['running, one full slice', 4, false, false, false, 0, 'not-yet', [3], [false]],
  ['flushed by age, no end', 4, true, false, false, 0, 'not-yet', [3, 1], [false, false]],
  ['ended, one slice', 2, true, true, false, 0, 'rides', [2], [true]],
  ['ended, two slices', 4, true, true, false, 0, 'last-slice-next', [3], [false]],
  ['ended, retries pending', 2, true, true, true, 0, 'own-request', [2], [false]],
  ['ended, context too large', 2, true, true, false, 40, 'own-request', [2], [false]],
];

test('planTurn: whether the summary rides on the last request, row by row', () => {
  for (const [name, events, over, end, retries, reports, kind, requests, asks] of TABLE) {
    const asked: string[] = [];
    const plan = planTurn({
      batch: batch(events),
      over,
      end: end ? END : undefined,
      limits: LIMITS,
      awaitsRetries: () => (asked.push('retries'), retries),
      summaryContext: () => (asked.push('context'), context(reports)),
    });
    assert.deepEqual(
      [
        plan.summary.kind,
        plan.slices.map((slice) => slice.batch.events.length),
        plan.slices.map((slice) => slice.batch.withSummary !== undefined),
      ],
      [kind, requests, asks],
      name,
    );
    // The database is asked only when the turn could close: no end, no question.
    assert.equal(asked.length > 0, end && over, name);
  }
});

test('a too-large context and pending retries say why the summary goes alone', () => {
  const facts = (retries: boolean, reports: number): TurnFacts => ({
    batch: batch(1),
    over: true,
    end: END,
    limits: LIMITS,
    awaitsRetries: () => retries,
    summaryContext: () => context(reports),
  });
  const why = (plan: ReturnType<typeof planTurn>) =>
    plan.summary.kind === 'own-request' ? plan.summary.why : plan.summary.kind;
  assert.equal(why(planTurn(facts(true, 0))), 'awaits-retries');
  assert.equal(why(planTurn(facts(false, 40))), 'context-too-large');
});

test('a summary on its own: a request, or a skip when there is nothing worth keeping', () => {
  const input = (observations: number, messageChars: number) => ({
    project: 'p',
    root: '/p',
    promptNumber: 1,
    prompt: 'do it',
    ...context(0, 'm'.repeat(messageChars)),
    observations: Array.from({ length: observations }, () => echoObservation(batch(1))),
  });
  const kinds = [
    [0, 50],
    [0, 199],
    [0, 200],
    [1, 0],
  ].map(
    ([observations, chars]) => planSummaryRequest(END, input(observations ?? 0, chars ?? 0)).kind,
  );
  assert.deepEqual(kinds, ['skip', 'skip', 'own-request', 'own-request']);
});

test('only a rides request brings its turn a summary', () => {
  const answer = { summary: null, skipped: 'small talk' };
  assert.deepEqual(ridingSummary({ kind: 'rides', end: END }, answer), { end: END, ...answer });
  assert.equal(ridingSummary({ kind: 'rides', end: END }, undefined), null);
  assert.equal(ridingSummary({ kind: 'last-slice-next', end: END }, answer), null);
  assert.equal(ridingSummary({ kind: 'not-yet' }, answer), null);
});
