import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test, type TestContext } from 'node:test';
import { ensureDataDir, stateDir } from '../config/index.ts';
import {
  promptEvent,
  sessionEndEvent,
  sessionStartEvent,
  toolEvent,
  turnEndEvent,
} from '../../test/helpers/spool-events.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import type { Capture } from './capture.ts';
import { applyPrivateTurn, isPrivateTurn } from './private-turn.ts';

function dataDir(t: TestContext): string {
  const dir = tempDir(t);
  ensureDataDir(dir);
  return dir;
}

const privatePrompt: Capture = {
  action: 'spool',
  event: promptEvent({ text: null }),
  privateTurn: true,
};
const visiblePrompt: Capture = { action: 'spool', event: promptEvent(), privateTurn: false };
const tool: Capture = { action: 'spool', event: toolEvent() };
const turnEnd: Capture = { action: 'spool', event: turnEndEvent() };
const DROPPED = { action: 'drop', reason: 'inside a fully private turn' };

test('a fully private prompt is kept (to count the turn) and marks the turn private', (t) => {
  const dir = dataDir(t);
  assert.deepEqual(applyPrivateTurn(dir, 's1', privatePrompt), privatePrompt);
  assert.equal(isPrivateTurn(dir, 's1'), true);
});

test('tool events and the turn end of a private turn are dropped', (t) => {
  const dir = dataDir(t);
  applyPrivateTurn(dir, 's1', privatePrompt);
  assert.deepEqual(applyPrivateTurn(dir, 's1', tool), DROPPED);
  assert.deepEqual(applyPrivateTurn(dir, 's1', turnEnd), DROPPED);
});

test('a visible prompt ends the private turn', (t) => {
  const dir = dataDir(t);
  applyPrivateTurn(dir, 's1', privatePrompt);
  applyPrivateTurn(dir, 's1', visiblePrompt);
  assert.equal(isPrivateTurn(dir, 's1'), false);
  assert.deepEqual(applyPrivateTurn(dir, 's1', tool), tool);
});

test('the session end clears the private turn and is itself kept', (t) => {
  const dir = dataDir(t);
  const end: Capture = { action: 'spool', event: sessionEndEvent() };
  applyPrivateTurn(dir, 's1', privatePrompt);
  assert.deepEqual(applyPrivateTurn(dir, 's1', end), end);
  assert.equal(isPrivateTurn(dir, 's1'), false);
});

test('session start and pre-compact pass through a private turn', (t) => {
  const dir = dataDir(t);
  const start: Capture = { action: 'spool', event: sessionStartEvent() };
  applyPrivateTurn(dir, 's1', privatePrompt);
  assert.deepEqual(applyPrivateTurn(dir, 's1', start), start);
});

test("one session's private turn does not affect another session", (t) => {
  const dir = dataDir(t);
  applyPrivateTurn(dir, 's1', privatePrompt);
  assert.deepEqual(applyPrivateTurn(dir, 's2', tool), tool);
});

test('a drop passes through unchanged', (t) => {
  const dir = dataDir(t);
  const drop: Capture = { action: 'drop', reason: 'tool TodoWrite is in capture.skipTools' };
  applyPrivateTurn(dir, 's1', privatePrompt);
  assert.deepEqual(applyPrivateTurn(dir, 's1', drop), drop);
});

test('the private-turn marker names no session id and holds nothing', (t) => {
  const dir = dataDir(t);
  applyPrivateTurn(dir, 'session-with-a-name', privatePrompt);
  const names = readdirSync(stateDir(dir));
  assert.equal(names.length, 1);
  assert.doesNotMatch(names.join(), /session-with-a-name/);
});
