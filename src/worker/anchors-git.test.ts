import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { answeringAnthropic } from '../../test/helpers/answering-anthropic.ts';
import { gitRepo } from '../../test/helpers/git-repo.ts';
import { testHeaders } from '../../test/helpers/route-call.ts';
import { promptEvent, toolEvent, turnEndEvent } from '../../test/helpers/spool-events.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { TEST_TOKEN, createTestDeps } from '../../test/helpers/worker-deps.ts';
import { createApp } from './app.ts';
import { applyEvent } from './capture/apply-event.ts';
import { createCompressionService } from './compression/compression-service.ts';
import { createRecallService } from './recall/recall-service.ts';

const A = 'export const a = 1;\n';
const B_BEFORE = 'export const b = 1;\n';
const B_AFTER = 'export const b = 2;\nexport const c = 3;\n';
const ANSWER = `<observation><type>change</type><title>b now uses a</title>
<files_read><file>a.ts</file></files_read><files_modified><file>b.ts</file></files_modified>
</observation>`;

/** A repo with a.ts and b.ts; a session reads a.ts and edits b.ts; the turn is compressed. */
async function sessionInRepo(t: TestContext) {
  const repo = gitRepo(tempDir(t));
  repo.write('a.ts', A);
  repo.write('b.ts', B_BEFORE);
  repo.commit('start');
  const { settings } = await answeringAnthropic(t, ANSWER);
  const deps = createTestDeps(t, { now: Date.now, settings });
  const compression = createCompressionService(deps, {
    env: { ANTHROPIC_API_KEY: 'k' },
    sleep: async () => undefined,
  });
  const recall = createRecallService(deps, { embedder: null });
  t.after(() => Promise.all([compression.stop(), recall.stop()]));
  const app = createApp(deps, [compression, recall]);
  const base = { project: { name: 'repo', root: repo.dir }, cwd: repo.dir, sessionId: 's-git' };
  repo.write('b.ts', B_AFTER); // the agent's edit
  const at = Date.now();
  applyEvent(deps.db, promptEvent({ ...base, at, text: 'change b using a' }));
  applyEvent(
    deps.db,
    toolEvent({ ...base, at, toolName: 'Read', input: { file_path: `${repo.dir}/a.ts` } }),
  );
  applyEvent(
    deps.db,
    toolEvent({
      ...base,
      at,
      toolName: 'Edit',
      input: { file_path: `${repo.dir}/b.ts`, old_string: B_BEFORE, new_string: B_AFTER },
      response: { filePath: `${repo.dir}/b.ts` },
    }),
  );
  applyEvent(deps.db, turnEndEvent({ ...base, at }));
  compression.loop.kick();
  await compression.loop.idle();
  const get = async (path: string) => {
    const res = await app.request(path, {
      headers: testHeaders(),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const observationId = deps.db
    .prepare(
      `SELECT observation_id FROM observation_anchors a JOIN observations o ON o.id = a.observation_id
       WHERE a.path = 'b.ts' ORDER BY o.id LIMIT 1`,
    )
    .pluck()
    .get() as number;
  const anchor = async () =>
    (await get(`/api/observations/${observationId}`)).anchor as {
      state: string;
      files: Array<{ path: string; state: string; movedTo?: string; lineDelta?: number }>;
    };
  return { repo, deps, app, observationId, anchor };
}

test('anchors follow the code: fresh, changed, renamed, gone, and fresh again after a branch switch', async (t) => {
  const { repo, deps, observationId, anchor } = await sessionInRepo(t);
  const rows = deps.db
    .prepare(
      'SELECT path, kind, branch, commit_sha IS NOT NULL AS hasCommit FROM observation_anchors WHERE observation_id = ? ORDER BY path',
    )
    .all(observationId);
  assert.deepEqual(rows, [
    { path: 'a.ts', kind: 'git', branch: 'main', hasCommit: 1 },
    { path: 'b.ts', kind: 'git', branch: 'main', hasCommit: 1 },
  ]);
  const blobOfB = repo.git('hash-object', 'b.ts').trim();
  const stored = deps.db
    .prepare("SELECT hash FROM observation_anchors WHERE observation_id = ? AND path = 'b.ts'")
    .pluck()
    .get(observationId);
  assert.equal(stored, blobOfB, 'the anchor of a tracked file is its git blob id');
  repo.commit('the agent work');

  // (i) nothing changed
  assert.equal((await anchor()).state, 'fresh');

  // (ii) b.ts edited and committed on a branch
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('b.ts', `${B_AFTER}export const d = 4;\n`);
  repo.commit('edit b');
  const changed = await anchor();
  assert.equal(changed.state, 'changed');
  assert.deepEqual(
    changed.files.filter((file) => file.state !== 'fresh'),
    [{ path: 'b.ts', state: 'changed', lineDelta: 1 }],
  );

  // (iii) a.ts renamed with git mv
  repo.git('mv', 'a.ts', 'a2.ts');
  repo.commit('rename a');
  const moved = await anchor();
  assert.deepEqual(
    moved.files.find((file) => file.path === 'a.ts'),
    { path: 'a.ts', state: 'fresh', movedTo: 'a2.ts' },
  );

  // (iv) a.ts (now a2.ts) deleted
  repo.git('rm', '-q', 'a2.ts');
  repo.commit('delete a');
  const gone = await anchor();
  assert.equal(gone.state, 'gone');
  assert.deepEqual(
    gone.files.find((file) => file.path === 'a.ts'),
    { path: 'a.ts', state: 'gone' },
  );

  // (v) back on main: the anchored contents are restored
  repo.git('checkout', '-q', 'main');
  assert.deepEqual(await anchor(), {
    state: 'fresh',
    files: [
      { path: 'a.ts', state: 'fresh' },
      { path: 'b.ts', state: 'fresh' },
    ],
  });
});

test('re-confirming a changed observation anchors it to the current contents', async (t) => {
  const { repo, app, observationId, anchor } = await sessionInRepo(t);
  repo.write('b.ts', 'export const b = 99;\n');
  assert.equal((await anchor()).state, 'changed');
  const res = await app.request('/api/anchors/accept', {
    method: 'POST',
    headers: testHeaders(TEST_TOKEN, 'x-claude-mem-token', true),
    body: JSON.stringify({ id: observationId }),
  });
  assert.equal(res.status, 200);
  assert.equal((await anchor()).state, 'fresh');
});

test('search results carry the anchor state, and fresh=1 leaves out changed memories', async (t) => {
  const { repo, app, observationId } = await sessionInRepo(t);
  const search = async (extra: string) => {
    const res = await app.request(`/api/search?q=uses&project=repo${extra}`, {
      headers: testHeaders(),
    });
    return ((await res.json()) as { items: Array<{ id: number; anchor: { state: string } }> })
      .items;
  };
  assert.deepEqual(
    (await search('')).map((item) => [item.id, item.anchor.state]),
    [[observationId, 'fresh']],
  );
  repo.write('b.ts', 'export const b = 99;\n');
  assert.deepEqual(
    (await search('')).map((item) => [item.id, item.anchor.state]),
    [[observationId, 'changed']],
  );
  assert.deepEqual(await search('&fresh=1'), []);
});

test('verify counts the states of a project page by page and names the changed files', async (t) => {
  const { repo, app, observationId } = await sessionInRepo(t);
  repo.write('b.ts', 'export const b = 99;\n');
  const res = await app.request(`/api/anchors/verify?project=repo&cwd=${repo.dir}`, {
    headers: testHeaders(),
  });
  const body = (await res.json()) as Record<string, unknown>;
  assert.deepEqual(
    [body.total, body.counts, body.next, body.tree],
    [1, { fresh: 0, changed: 1, gone: 0, unknown: 0, unanchored: 0 }, null, repo.dir],
  );
  assert.deepEqual(body.items, [
    {
      id: observationId,
      title: 'b now uses a',
      state: 'changed',
      files: [{ path: 'b.ts', state: 'changed', lineDelta: -1 }],
    },
  ]);
});

test('GET /api/anchors answers the state of each id the viewer shows', async (t) => {
  const { repo, app, observationId } = await sessionInRepo(t);
  repo.write('b.ts', 'export const b = 99;\n');
  const res = await app.request(`/api/anchors?ids=${observationId},999999`, {
    headers: testHeaders(),
  });
  const body = (await res.json()) as { items: Record<string, { state: string }> };
  assert.deepEqual(
    Object.entries(body.items).map(([id, verdict]) => [Number(id), verdict.state]),
    [[observationId, 'changed']],
  );
});
