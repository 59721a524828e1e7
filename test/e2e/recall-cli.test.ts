import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { cli } from '../helpers/cli.ts';
import { recallHome, withDatabase, type RecallHome } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';

function seed(home: RecallHome): { bug: number; feature: number } {
  const now = Date.now();
  return withDatabase(home, (db) => ({
    bug: seedObservation(db, {
      title: 'Spool reader drops partial files',
      type: 'bugfix',
      createdAt: now - 3 * 86_400_000,
    }),
    feature: seedObservation(db, {
      title: 'Spool watcher nudges the worker',
      type: 'feature',
      createdAt: now - 3_600_000,
    }),
    other: seedObservation(db, {
      title: 'Spool in another project',
      project: 'beta',
      createdAt: now,
    }),
  }));
}

/** The CLI run from the home's project folder. */
const cliIn = (args: string[], home: RecallHome) => cli(args, home.env, home.projectDir);

describe('claude-mem search', () => {
  it("searches the current folder's project (starting the worker) and prints one line per hit", async (t) => {
    const home = await recallHome(t);
    const { bug, feature } = seed(home);
    const run = await cliIn(['search', 'spool', '--mode', 'fts'], home);
    assert.deepEqual([run.code, run.stderr], [0, '']);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines[0], '2 results in project alpha (fts); dates UTC');
    assert.deepEqual(
      lines
        .slice(1)
        .map((line) => Number(/^#(\d+) /.exec(line)?.[1]))
        .sort(),
      [bug, feature].sort(),
    );
    assert.match(run.stdout, /🔴 bugfix +Spool reader drops partial files {2}\(~1 token\)/);
  });

  it('-q adds phrasings of the same need: what any of them finds is listed, both first', async (t) => {
    const home = await recallHome(t);
    const ids = withDatabase(home, (db) => ({
      port: seedObservation(db, { title: 'Worker retries when the port is held' }),
      error: seedObservation(db, { title: 'EADDRINUSE on start' }),
      both: seedObservation(db, { title: 'Port held: EADDRINUSE from a stale worker' }),
    }));
    const run = await cliIn(['search', 'port held', '-q', 'EADDRINUSE', '--json'], home);
    const found = (JSON.parse(run.stdout) as { items: Array<{ id: number }> }).items;
    assert.equal(found[0]?.id, ids.both);
    assert.deepEqual(new Set(found.map((item) => item.id)), new Set(Object.values(ids)));
    const none = await cliIn(['search', 'zzzqqq', '-q', 'qqqzzz', '--mode', 'fts'], home);
    assert.match(none.stdout, /^No observations match "zzzqqq" or "qqqzzz" in project alpha/);
    const empty = await cliIn(['search', 'x', '-q', ' '], home);
    assert.deepEqual([empty.code, empty.stdout], [2, '']);
    assert.match(
      empty.stderr,
      /^claude-mem: -q: expected words to search for, got an empty text\n/,
    );
    const many = await cliIn(
      ['search', 'a', ...['b', 'c', 'd', 'e', 'f'].flatMap((q) => ['-q', q])],
      home,
    );
    assert.match(
      many.stderr,
      /-q: expected at most 5 phrasings in all \(the query and each -q\), got 6/,
    );
  });

  it('--type, --since, --limit, --all and --json narrow and shape the answer', async (t) => {
    const home = await recallHome(t);
    const { bug, feature } = seed(home);
    const typed = await cliIn(['search', 'spool', '--type', 'bugfix', '--json'], home);
    assert.deepEqual(
      (JSON.parse(typed.stdout) as { items: Array<{ id: number }> }).items.map((i) => i.id),
      [bug],
    );
    const recent = await cliIn(['search', '--since', '1d', '--json'], home);
    assert.deepEqual(
      (JSON.parse(recent.stdout) as { items: Array<{ id: number }> }).items.map((i) => i.id),
      [feature],
    );
    const limited = await cliIn(['search', 'spool', '--limit', '1'], home);
    assert.match(limited.stdout, /^1 result in project alpha[^]*\nmore: --offset 1\n$/);
    const all = await cliIn(['search', 'spool', '--all', '--mode', 'fts'], home);
    assert.match(all.stdout, /^3 results in all projects/);
  });

  it('nonsense matches nothing once every observation has a vector, and says so', async (t) => {
    const home = await recallHome(t);
    seed(home);
    await statusWhenEmbedded(home);
    const run = await cliIn(['search', 'zzzqqq', '--all'], home);
    assert.deepEqual(
      [run.code, run.stdout],
      [0, 'No observations match "zzzqqq" in all projects (hybrid).\n'],
    );
  });

  it('bad input exits 2 with the field named, no stack trace', async (t) => {
    const home = await recallHome(t);
    for (const args of [
      ['search', 'x', '--since', 'tuesday'],
      ['search', 'x', '--limit', '0'],
      ['search', '--bogus'],
    ]) {
      const run = await cliIn(args, home);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /^claude-mem: /);
      assert.doesNotMatch(run.stderr, /\n\s+at /);
    }
  });
});

interface StatusJson {
  recall: { state: string; embedded: number; total: number };
}

/** `claude-mem status` once the worker's embedder has caught up with every observation. */
async function statusWhenEmbedded(home: RecallHome): Promise<HookRun> {
  const deadline = Date.now() + 30_000;
  let json = await cliIn(['status', '--json'], home);
  while ((JSON.parse(json.stdout) as StatusJson).recall.state !== 'ready') {
    if (Date.now() > deadline) throw new Error(`the embedder did not catch up: ${json.stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    json = await cliIn(['status', '--json'], home);
  }
  return cliIn(['status'], home);
}

describe('claude-mem status', () => {
  it("ends with recall: the search mode, the embedder's state and the vector backlog", async (t) => {
    const home = await recallHome(t);
    seed(home);
    const run = await statusWhenEmbedded(home);
    assert.deepEqual([run.code, run.stderr], [0, '']);
    assert.deepEqual(run.stdout.trimEnd().split('\n').slice(-2), [
      'recall: search.mode hybrid, embedder hash-v2-256 ready',
      '  vectors: 3 of 3 observations, 0 waiting',
    ]);
  });
});
