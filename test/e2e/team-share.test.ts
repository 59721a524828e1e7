import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { workerRequest } from '../../src/client/index.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { seedTeammateObservation } from '../helpers/teammate-rows.ts';
import { viewerTurns } from '../helpers/viewer-corpus.ts';
import {
  runTurn,
  startViewerHome,
  waitForMemory,
  type ViewerHome,
} from '../helpers/viewer-seed.ts';
import { stopWorker, tokenOf } from '../helpers/worker.ts';

type Outbox = { kind: string; item_id: number; op: string };

const outbox = (home: ViewerHome): Outbox[] =>
  queryDb<Outbox>(home.dataDir, 'SELECT kind, item_id, op FROM team_outbox ORDER BY id');

const post = (home: ViewerHome, path: string, body: unknown, token: string | undefined) =>
  workerRequest(home.port, path, { method: 'POST', body, token, timeoutMs: 5_000 });

const messageOf = (body: unknown): string =>
  (body as { error?: { message?: string } }).error?.message ?? '';

/**
 * Team memory on one machine, through the real CLI, hooks and worker: `team.share` set with
 * `config set` applies to the next compression, share/unshare fill and drain the outbox as
 * migration 008's triggers say, a teammate's memory is read-only everywhere, and search and
 * context show whose a memory is.
 */
describe('team memory, local side', () => {
  let home: ViewerHome;
  let mine: number;
  let theirs: number;

  before(async () => {
    home = await startViewerHome();
    const set = await cli(['config', 'set', 'team.share', 'summaries'], home.env);
    assert.deepEqual([set.code, set.stderr], [0, '']);
    const [turn] = viewerTurns(home);
    await runTurn(home, turn!);
    await waitForMemory(home, { observations: 1, summaries: 1 });
    [mine, theirs] = withDatabase(home, (db) => [
      seedObservation(db, { title: 'Checkout cookie path is /api', project: 'webshop' }),
      seedTeammateObservation(db, {
        title: 'Checkout cookie domain comes from alice',
        project: 'webshop',
      }),
    ]);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('team.share = summaries, set while the worker ran, shared the summary and not the observations', () => {
    const scopes = queryDb<{ scope: string }>(
      home.dataDir,
      `SELECT scope FROM observations WHERE provider <> 'user' AND author IS NULL
         AND title NOT LIKE 'Checkout cookie%' UNION ALL SELECT 'summary:' || scope FROM summaries`,
    ).map((row) => row.scope);
    assert.ok(scopes.includes('summary:team'), scopes.join(', '));
    assert.ok(
      scopes.filter((scope) => !scope.startsWith('summary:')).every((s) => s === 'private'),
    );
    assert.deepEqual(
      outbox(home).map((row) => [row.kind, row.op]),
      [['summary', 'upsert']],
    );
  });

  it('config refuses a value team.share does not know', async () => {
    const bad = await cli(['config', 'set', 'team.share', 'everyone'], home.env);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /team\.share: expected one of off, summaries, all/);
    const value = await cli(['config', 'get', 'team.share'], home.env);
    assert.equal(value.stdout.trim(), '"summaries"');
  });

  it('share and unshare queue an upsert and a delete; show says it is shared', async () => {
    const before = outbox(home).length;
    const shared = await cli(['share', String(mine)], home.env);
    assert.deepEqual([shared.code, shared.stderr], [0, '']);
    assert.match(shared.stdout, new RegExp(`^#${mine} shared with the team: Checkout cookie path`));
    const shown = await cli(['show', String(mine)], home.env);
    assert.match(shown.stdout, /Shared with the team/);
    const unshared = await cli(['unshare', `#${mine}`], home.env);
    assert.match(unshared.stdout, new RegExp(`^#${mine} unshared: private to this machine again`));
    assert.deepEqual(
      outbox(home)
        .slice(before)
        .map((row) => [row.kind, row.item_id, row.op]),
      [
        ['observation', mine, 'upsert'],
        ['observation', mine, 'delete'],
      ],
    );
  });

  it('a summary is shared by its S id; a prompt id or nonsense is a usage error', async () => {
    const [summary] = queryDb<{ id: number }>(home.dataDir, 'SELECT id FROM summaries');
    const again = await cli(['share', `S${summary!.id}`], home.env);
    assert.deepEqual([again.code, again.stderr], [0, '']);
    const prompt = await cli(['share', 'P1'], home.env);
    assert.deepEqual([prompt.code, /prompts are never shared/.test(prompt.stderr)], [2, true]);
    const missing = await cli(['unshare', '99999'], home.env);
    assert.deepEqual([missing.code, /no observation #99999/.test(missing.stderr)], [1, true]);
  });

  it("a teammate's memory is read-only: share, unshare, edit and forget fail naming alice", async () => {
    const before = outbox(home).length;
    const runs = [
      await cli(['unshare', String(theirs)], home.env),
      await cli(['share', String(theirs)], home.env),
      await cli(['edit', String(theirs)], { ...home.env, EDITOR: 'true' }),
      await cli(['forget', String(theirs), '--yes'], home.env),
    ];
    for (const run of runs) {
      assert.equal(run.code, 1, run.stdout);
      assert.match(run.stderr, /is alice's team memory: it is read-only here, only alice can/);
    }
    assert.deepEqual(
      queryDb(home.dataDir, 'SELECT title, scope, author FROM observations WHERE id = ?', theirs),
      [{ title: 'Checkout cookie domain comes from alice', scope: 'team', author: 'alice' }],
    );
    assert.equal(outbox(home).length, before);
  });

  it('the viewer route shares with the token, refuses without it, and 403s a teammate row', async () => {
    const token = tokenOf(home);
    const path = `/api/observations/${mine}/share`;
    assert.equal((await post(home, path, { scope: 'team' }, undefined)).status, 401);
    const shared = await post(home, path, { scope: 'team' }, token);
    assert.deepEqual([shared.status, (shared.body as { scope: string }).scope], [200, 'team']);
    const bad = await post(home, path, { scope: 'world' }, token);
    assert.deepEqual([bad.status, messageOf(bad.body)], [400, 'scope: expected private or team']);
    const refused = await post(
      home,
      `/api/observations/${theirs}/share`,
      { scope: 'private' },
      token,
    );
    assert.equal(refused.status, 403);
    assert.match(messageOf(refused.body), /alice's team memory/);
    assert.deepEqual(outbox(home).at(-1), { kind: 'observation', item_id: mine, op: 'upsert' });
  });

  it('search filters by --author and --scope and marks whose each hit is', async () => {
    const cwd = home.projects.shop;
    const alice = await cli(['search', 'checkout cookie', '--author', 'alice'], home.env, cwd);
    assert.deepEqual([alice.code, alice.stderr], [0, '']);
    assert.match(alice.stdout, new RegExp(`#${theirs} .*\\[by alice\\] Checkout cookie domain`));
    assert.doesNotMatch(alice.stdout, new RegExp(`#${mine} `));
    const own = await cli(['search', 'cookie', '--author', 'me', '--scope', 'team'], home.env, cwd);
    assert.match(own.stdout, new RegExp(`#${mine} .*\\[team\\] Checkout cookie path`));
    assert.doesNotMatch(own.stdout, new RegExp(`#${theirs} `));
    const bad = await cli(['search', 'cookie', '--scope', 'public'], home.env, cwd);
    assert.deepEqual(
      [bad.code, /--scope public: expected one of private, team/.test(bad.stderr)],
      [2, true],
    );
  });

  it("the context lists alice's memory with her name", async () => {
    const run = await cli(['context', '--project', 'webshop'], home.env);
    assert.match(
      run.stdout,
      new RegExp(`^#${theirs} .*Checkout cookie domain comes from alice \\[by alice\\]`, 'm'),
    );
    assert.match(run.stdout, new RegExp(`^#${mine} .*Checkout cookie path is /api \\(~`, 'm'));
  });
});
