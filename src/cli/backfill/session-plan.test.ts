import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { jsonl, userLine } from '../../../test/helpers/transcript-lines.ts';
import { planSessions, transcriptPaths } from './session-plan.ts';
import { T0, writeSession } from '../../../test/helpers/backfill-session.ts';

test('a transcript given by path brings its subagent transcripts along', (t) => {
  const root = tempDir(t);
  const { main, agent } = writeSession(root);
  assert.deepEqual(transcriptPaths([main]), [main, agent]);
  assert.deepEqual(transcriptPaths([root]), [main, agent]);
});

test('subagent transcripts join their parent session, oldest session first', (t) => {
  const root = tempDir(t);
  const late = writeSession(join(root, 'b'), 'sess-late');
  const early = writeSession(join(root, 'a'), 'sess-early');
  // The layout before Claude Code 2.1: agent-<id>.jsonl next to the session's transcript.
  const oldAgent = join(root, 'a', 'proj', 'agent-b2.jsonl');
  writeFileSync(
    oldAgent,
    jsonl(
      userLine('go', {
        sessionId: 'sess-early',
        isSidechain: true,
        agentId: 'b2',
        timestamp: new Date(T0).toISOString(),
      }),
    ),
  );
  const skipped: string[] = [];
  writeFileSync(join(root, 'empty.jsonl'), '\n');
  const plans = planSessions(transcriptPaths([root]), {}, (path) => skipped.push(path));
  assert.deepEqual(
    plans.map((p) => [p.sessionId, p.files.map((f) => `${f.agent ? 'agent' : 'main'} ${f.path}`)]),
    [
      ['sess-early', [`main ${early.main}`, `agent ${oldAgent}`, `agent ${early.agent}`]],
      ['sess-late', [`main ${late.main}`, `agent ${late.agent}`]],
    ],
  );
  assert.deepEqual(skipped, [join(root, 'empty.jsonl')]);
  assert.deepEqual([plans[0]?.firstAt, plans[1]?.lastAt], [T0, T0 + 15_000]);
});

test('the project comes from the recorded folder, never from the folder the command runs in', (t) => {
  const root = tempDir(t);
  const file = join(root, 'rel.jsonl');
  writeFileSync(file, jsonl(userLine('hi', { sessionId: 's', cwd: 'some/relative/app' })));
  const [plan] = planSessions([file], { CLAUDE_MEM_PROJECT: 'current-repo' });
  assert.deepEqual(plan?.project, { name: 'app', root: 'some/relative/app' });
  writeSession(root);
  const [fixture] = planSessions(transcriptPaths([join(root, 'proj')]), {
    CLAUDE_MEM_PROJECT: 'current-repo',
  });
  assert.equal(fixture?.project.name, 'proj');
});
