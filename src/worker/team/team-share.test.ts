import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import {
  createCompressorChain,
  createFakeCompressor,
  createHeuristicCompressor,
  type TurnBatch,
} from '../../compress/index.ts';
import { saveSetting } from '../../config/index.ts';
import { closingAnswer } from '../../../test/helpers/llm-script.ts';
import { createTestDeps } from '../../../test/helpers/worker-deps.ts';
import { promptEvent, toolEvent, turnEndEvent } from '../../../test/helpers/spool-events.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { applyEvent } from '../capture/apply-event.ts';
import { createCompressLoop } from '../compression/compress-loop.ts';
import { createTeamShareOf } from './team-share.ts';

/** A provider answer with one observation and the turn's summary. */
const withSummary = (batch: TurnBatch) =>
  closingAnswer(batch, { completed: 'done', filesModified: [] });

/** Compresses one ended turn of a project rooted at `root`, with the real `team.share` reader. */
async function compressTurn(t: TestContext, share: string | undefined, root: string) {
  const deps = createTestDeps(t);
  if (share !== undefined)
    assert.deepEqual(saveSetting(deps.dataDir, 'team.share', share).ok, true);
  const fake = createFakeCompressor('anthropic');
  fake.compressTurn = async (batch) => withSummary(batch);
  const loop = createCompressLoop({
    ...deps,
    chain: createCompressorChain([fake, createHeuristicCompressor()]),
    teamShareOf: createTeamShareOf(deps.dataDir, {}),
  });
  t.after(() => loop.stop());
  const project = { name: 'alpha', root };
  const events = [
    promptEvent({ project, cwd: root }),
    toolEvent({ project, cwd: root, toolName: 'Edit', input: { file_path: `${root}/a.ts` } }),
    turnEndEvent({ project, cwd: root, lastAssistantMessage: 'Fixed the parser.' }),
  ];
  deps.db.transaction(() => events.forEach((e) => applyEvent(deps.db, e))).immediate();
  loop.kick();
  await loop.idle();
  const rows = (sql: string) => deps.db.prepare(sql).all();
  return {
    scopes: {
      observations: rows('SELECT scope FROM observations').map(
        (r) => (r as { scope: string }).scope,
      ),
      summaries: rows('SELECT scope FROM summaries').map((r) => (r as { scope: string }).scope),
    },
    outbox: rows('SELECT kind, op FROM team_outbox ORDER BY id'),
  };
}

test('by default nothing compression writes is shared, and nothing is queued', async (t) => {
  const done = await compressTurn(t, undefined, tempDir(t));
  assert.deepEqual(done.scopes, { observations: ['private'], summaries: ['private'] });
  assert.deepEqual(done.outbox, []);
});

test('team.share = summaries shares the turn summary only', async (t) => {
  const done = await compressTurn(t, 'summaries', tempDir(t));
  assert.deepEqual(done.scopes, { observations: ['private'], summaries: ['team'] });
  assert.deepEqual(done.outbox, [{ kind: 'summary', op: 'upsert' }]);
});

test('team.share = all shares observations and summaries', async (t) => {
  const done = await compressTurn(t, 'all', tempDir(t));
  assert.deepEqual(done.scopes, { observations: ['team'], summaries: ['team'] });
  assert.deepEqual(done.outbox, [
    { kind: 'observation', op: 'upsert' },
    { kind: 'summary', op: 'upsert' },
  ]);
});

test("a project's .claude-mem.json overrides the setting, in both directions", async (t) => {
  const sharing = tempDir(t);
  writeFileSync(join(sharing, '.claude-mem.json'), JSON.stringify({ team: { share: 'all' } }));
  const shared = await compressTurn(t, 'off', sharing);
  assert.deepEqual(shared.scopes, { observations: ['team'], summaries: ['team'] });
  const keeping = tempDir(t);
  writeFileSync(join(keeping, '.claude-mem.json'), JSON.stringify({ team: { share: 'off' } }));
  const kept = await compressTurn(t, 'all', keeping);
  assert.deepEqual(kept.scopes, { observations: ['private'], summaries: ['private'] });
});

test('an invalid project value is ignored: the setting applies', async (t) => {
  const root = tempDir(t);
  writeFileSync(join(root, '.claude-mem.json'), JSON.stringify({ team: { share: 'everything' } }));
  const done = await compressTurn(t, 'summaries', root);
  assert.deepEqual(done.scopes, { observations: ['private'], summaries: ['team'] });
});

test('config set refuses a value that is not off, summaries or all', (t) => {
  const deps = createTestDeps(t);
  assert.deepEqual(saveSetting(deps.dataDir, 'team.share', 'everyone'), {
    ok: false,
    message: 'team.share: expected one of off, summaries, all',
  });
});
