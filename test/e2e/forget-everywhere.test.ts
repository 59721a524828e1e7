import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it, type TestContext } from 'node:test';
import { adminHome, api, settle, statusOf } from '../helpers/admin-home.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { CLI_BUNDLE, type TestHome } from '../helpers/env.ts';
import { CORPUS_DIRS } from '../helpers/replay.ts';

type Item = Record<string, unknown> & { id: number };

async function backfilled(t: TestContext): Promise<TestHome> {
  const home = await adminHome(t);
  // Every shipped transcript: seven projects, so that forgetting by query, by project and by
  // date range each has a project of its own.
  const run = await cli(['import-transcripts', ...CORPUS_DIRS], home.env);
  assert.equal(run.code, 0, run.stderr);
  await settle(home);
  return home;
}

const ids = (items: Item[]) => items.map((item) => item.id);

async function searchIds(home: TestHome, q: string, mode: string, project?: string) {
  const params = new URLSearchParams({ q, mode, limit: '100' });
  if (project) params.set('project', project);
  return ids((await api<{ items: Item[] }>(home, `/api/search?${params.toString()}`)).items);
}

/** Where observation `id` can be seen: every search mode, context, API, viewer, vectors. */
async function whereVisible(home: TestHome, o: { id: number; title: string; project: string }) {
  const context = await api<{ context: string }>(home, `/api/context?project=${o.project}`);
  const feed = await api<{ items: Array<{ key: string }> }>(
    home,
    `/api/feed?project=${o.project}&limit=100`,
  );
  const listed = await api<{ items: Item[] }>(home, `/api/observations?ids=${o.id}`);
  const [vectors] = queryDb<{ n: number }>(
    home.dataDir,
    'SELECT COUNT(*) AS n FROM recall_vectors WHERE observation_id = ?',
    o.id,
  );
  return {
    fts: (await searchIds(home, o.title, 'fts', o.project)).includes(o.id),
    vector: (await searchIds(home, o.title, 'vector', o.project)).includes(o.id),
    hybrid: (await searchIds(home, o.title, 'hybrid', o.project)).includes(o.id),
    context: new RegExp(`^#${o.id} `, 'm').test(context.context),
    record: (await statusOf(home, `/api/observations/${o.id}`)) === 200,
    timeline: (await statusOf(home, `/api/timeline?anchor=${o.id}`)) === 200,
    viewerFeed: feed.items.some((item) => item.key === `observation:${o.id}`),
    viewerList: listed.items.length > 0,
    storedVector: vectors?.n === 1,
  };
}

const everywhere = (value: boolean) => ({
  fts: value,
  vector: value,
  hybrid: value,
  context: value,
  record: value,
  timeline: value,
  viewerFeed: value,
  viewerList: value,
  storedVector: value,
});

describe('forget', () => {
  it('removes an observation from full-text and vector search, context, the API and the viewer', async (t) => {
    const home = await backfilled(t);
    // The newest observation of all, in whichever project it is (not every project has one).
    const [newest] = (await api<{ items: Item[] }>(home, '/api/search?q=&limit=1')).items;
    const project = String(newest?.project);
    const target = { id: newest?.id ?? 0, title: String(newest?.title), project };
    const record = await api<{ session_id: string; source_event_ids: number[] }>(
      home,
      `/api/observations/${target.id}`,
    );
    const events = async () =>
      ids(
        (
          await api<{ items: Item[] }>(
            home,
            `/api/events?session_id=${record.session_id}&limit=500`,
          )
        ).items,
      );
    assert.deepEqual(await whereVisible(home, target), everywhere(true));
    const before = await events();
    assert.ok(
      record.source_event_ids.length > 0 &&
        record.source_event_ids.every((id) => before.includes(id)),
    );

    const run = await cli(['forget', String(target.id), '--yes'], home.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^deleted: 1 observation, \d+ tool events? /m);
    assert.deepEqual(await whereVisible(home, target), everywhere(false));
    const after = await events();
    assert.deepEqual(
      after,
      before.filter((id) => !record.source_event_ids.includes(id)),
    );
  });

  it('asks first: without a yes on stdin nothing is deleted', async (t) => {
    const home = await backfilled(t);
    const [first] = (await api<{ items: Item[] }>(home, '/api/search?q=&limit=1')).items;
    const answer = (text: string) =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, [CLI_BUNDLE, 'forget', String(first?.id)], {
          env: home.env,
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('close', () => resolve(out));
        child.stdin.end(text);
      });
    assert.match(await answer('n\n'), /nothing deleted/);
    assert.equal(await statusOf(home, `/api/observations/${first?.id}`), 200);
    assert.match(await answer('y\n'), /deleted: 1 observation/);
    assert.equal(await statusOf(home, `/api/observations/${first?.id}`), 404);
  });

  it('by query, by project and by date range leaves nothing selected in any view', async (t) => {
    const home = await backfilled(t);
    const projects = (
      await api<{ items: Array<{ name: string }> }>(home, '/api/projects')
    ).items.map((p) => p.name);
    // Each way of forgetting gets a project of its own that has something to forget: by query
    // one where the query matches, by date range one with at least 4 observations.
    const count = (project: string) =>
      queryDb<{ n: number }>(
        home.dataDir,
        'SELECT COUNT(*) AS n FROM observations WHERE project = ?',
        project,
      )[0]?.n ?? 0;
    const hits = await Promise.all(projects.map((p) => searchIds(home, 'test', 'fts', p)));
    const byQuery = projects[hits.findIndex((found) => found.length > 0)] ?? '';
    const byRange = projects.find((p) => p !== byQuery && count(p) >= 4) ?? '';
    const byProject = projects.find((p) => p !== byQuery && p !== byRange && count(p) > 0) ?? '';
    assert.ok(byQuery && byRange && byProject, `projects: ${projects.join(', ')}`);
    const matched = hits[projects.indexOf(byQuery)] ?? [];
    assert.equal(
      (await cli(['forget', '--query', 'test', '--project', byQuery, '--yes'], home.env)).code,
      0,
    );
    assert.deepEqual(await searchIds(home, 'test', 'fts', byQuery), []);
    for (const mode of ['fts', 'vector', 'hybrid', 'recent']) {
      const found = await searchIds(
        home,
        mode === 'recent' ? '' : 'test',
        mode === 'recent' ? 'fts' : mode,
      );
      assert.deepEqual(
        found.filter((id) => matched.includes(id)),
        [],
        mode,
      );
    }

    const feedOf = async (project: string) =>
      (
        await api<{ items: Array<{ created_at: number }> }>(
          home,
          `/api/feed?project=${project}&limit=100`,
        )
      ).items;
    assert.ok((await feedOf(byProject)).length > 0);
    assert.equal((await cli(['forget', '--project', byProject, '--yes'], home.env)).code, 0);
    const context = await api<{ kind: string }>(home, `/api/context?project=${byProject}`);
    assert.equal(context.kind, 'empty');
    for (const path of ['/api/feed', '/api/sessions', '/api/prompts', '/api/events']) {
      const page = await api<{ items: unknown[] }>(home, `${path}?project=${byProject}&limit=100`);
      assert.deepEqual(page.items, [], path);
    }
    for (const mode of ['fts', 'vector', 'hybrid'])
      assert.deepEqual(await searchIds(home, 'lib', mode, byProject), []);

    const rows = () =>
      queryDb<{ at: number }>(
        home.dataDir,
        'SELECT created_at AS at FROM observations WHERE project = ? ORDER BY created_at',
        byRange,
      ).map((row) => row.at);
    const times = rows();
    assert.ok(times.length >= 4, `${times.length} observations in ${byRange}`);
    const [since = 0, until = 0] = [times[0], times[Math.floor(times.length / 2)]];
    const range = ['--since', String(since), '--until', String(until)];
    assert.equal(
      (await cli(['forget', '--project', byRange, ...range, '--yes'], home.env)).code,
      0,
    );
    assert.deepEqual(
      rows(),
      times.filter((at) => at > until),
    );
    const inRange = (await feedOf(byRange)).filter(
      (i) => i.created_at >= since && i.created_at <= until,
    );
    assert.deepEqual(inRange, []);
  });
});
