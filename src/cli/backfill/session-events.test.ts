import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { loadSettings } from '../../config/index.ts';
import type { SpoolEvent } from '../../spool/index.ts';
import { backfillEventId, sessionEvents } from './session-events.ts';
import { planSessions, transcriptPaths } from './session-plan.ts';
import { T0, writeSession } from '../../../test/helpers/backfill-session.ts';

function setup(t: TestContext) {
  const root = tempDir(t);
  const paths = writeSession(root);
  const markerDir = join(root, 'markers');
  mkdirSync(join(markerDir, 'state'), { recursive: true });
  const [plan] = planSessions(transcriptPaths([join(root, 'proj')]), {});
  const settings = loadSettings(markerDir, {}).settings;
  return { paths, plan: plan!, options: { settings, markerDir } };
}

const shape = (event: SpoolEvent): string => {
  switch (event.kind) {
    case 'tool':
      return `tool ${event.toolName}${event.agentId ? ` (${event.agentId})` : ''} +${event.at - T0}`;
    case 'prompt':
      return `prompt ${event.text ?? '(private)'} +${event.at - T0}`;
    case 'turn-end':
      return `turn-end${event.agentId ? ` (${event.agentId})` : ''} +${event.at - T0}`;
    default:
      return `${event.kind} +${event.at - T0}`;
  }
};

test('a session and its subagent become the events the hooks would have written, in time order', (t) => {
  const { plan, options } = setup(t);
  assert.deepEqual(sessionEvents(plan, options).map(shape), [
    'session-start +1000',
    'prompt fix the parser +1000',
    'tool Read +3000',
    'tool Grep (a1) +6000',
    'turn-end (a1) +7000',
    'tool Task +9000',
    'turn-end +9000',
    'prompt (private) +10000',
    'prompt now run the tests +13000',
    'tool Bash +15000',
    'turn-end +15000',
    'session-end +15000',
  ]);
});

test('event ids are derived, so a second capture of the same transcripts gives the same ids', (t) => {
  const { plan, options } = setup(t);
  const first = sessionEvents(plan, options).map((event) => event.id);
  const second = sessionEvents(plan, options).map((event) => event.id);
  assert.deepEqual(second, first);
  assert.equal(new Set(first).size, first.length);
  assert.ok(first.includes(backfillEventId('sess-1', 'tool:sess-1-read')));
});

test('every event is filed under the session, its project and its transcript, sanitized', (t) => {
  const { plan, options, paths } = setup(t);
  const events = sessionEvents(plan, options);
  assert.deepEqual(
    [...new Set(events.map((e) => `${e.sessionId} ${e.project.name} ${e.transcriptPath}`))],
    [`sess-1 proj ${paths.main}`],
  );
  assert.doesNotMatch(JSON.stringify(events), /secret|the plan/);
});
