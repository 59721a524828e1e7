import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { recallHome, withDatabase, type RecallHome } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { refreshHorizon } from '../../src/store/index.ts';

// Issue 32, must-show 1 through `claude-mem search` (dist/cli.mjs and the worker it starts):
// a store past a lowered search horizon (the newest 100 rows from 200 on), and
// `search.exactCap` 10 so that a word held by more than 10 rows is common. Project alpha holds
// 600 newer rows sharing the old memory's common words: more than FEW_IN_SCOPE (500), so the
// project is searched from the full-text side, as a large project is, not row by row. The
// default search.mode (hybrid) runs as full text while the embedder is off; the last test runs
// it for real with the hash embedder.

const HOUR = 3_600_000;
/** The old memory's date, a year before the newer rows. */
const OLD_AT = Date.UTC(2025, 0, 15, 9);
/** The first newer row's date; one more each hour. */
const NEWER_FROM = Date.UTC(2026, 2, 1);
const NEWER = 600;
const HORIZON_ROWS = 100;
/** The oldest row the horizon holds: the ranking of a common-words query starts there. */
const SEARCHED_FROM = new Date(NEWER_FROM + (NEWER - HORIZON_ROWS) * HOUR).toISOString();

/**
 * The store past the horizon and the home that searches it. search.mode stays its default
 * (hybrid); with the embedder off it runs as full text alone, with `hash` the test waits for
 * every row to be embedded before it searches.
 */
async function pastHorizon(
  t: TestContext,
  embedder: 'off' | 'hash' = 'off',
): Promise<{ home: RecallHome; old: number }> {
  const home = await recallHome(t, 'alpha', {
    CLAUDE_MEM_SEARCH_EXACT_CAP: '10',
    CLAUDE_MEM_SEARCH_EMBEDDER: embedder,
  });
  const old = withDatabase(home, (db) =>
    db.transaction(() => {
      const id = seedObservation(db, {
        title: 'Spool fsync durability: fsync before rename (kafkaesque torn-file incident)',
        narrative: 'spool durability decision: fsync the spool file, then rename it',
        type: 'decision',
        createdAt: OLD_AT,
      });
      for (let i = 0; i < NEWER; i += 1) {
        seedObservation(db, {
          title: `Spool reader change ${i}`,
          narrative: 'the spool reader again; durability of the spool file needs an fsync',
          createdAt: NEWER_FROM + i * HOUR,
        });
      }
      assert.equal(refreshHorizon(db, { rows: HORIZON_ROWS, from: 200 }), 'rebuilt');
      return id;
    })(),
  );
  return { home, old };
}

/** The CLI run from the project's folder (so its default scope, project alpha, applies). */
const search = (home: RecallHome, ...args: string[]) =>
  cli(['search', ...args], home.env, home.projectDir);

/** The ids of the printed hit lines, in order. */
const hitIds = (stdout: string): number[] =>
  stdout
    .split('\n')
    .map((line) => /^#(\d+) /.exec(line)?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);

interface StatusJson {
  recall: { state: string };
}

/** Waits (generously: a loaded machine) until the worker has embedded every observation. */
async function whenEmbedded(home: RecallHome): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const run = await cli(['status', '--json'], home.env, home.projectDir);
    if ((JSON.parse(run.stdout) as StatusJson).recall.state === 'ready') return;
    if (Date.now() > deadline) throw new Error(`the embedder did not catch up: ${run.stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const NOTE = /^note: ranked matches from (\S+) on; older matches were not ranked: (.*)$/m;

describe('claude-mem search past the search horizon (issue 32)', () => {
  it('finds the old memory by its rare word, says when common words were cut off, and --all-time ranks all', async (t) => {
    const { home, old } = await pastHorizon(t);

    // (1) The old memory's distinctive word: found first, though 600 newer rows share the rest.
    const found = await search(home, 'kafkaesque spool fsync');
    assert.deepEqual([found.code, found.stderr], [0, '']);
    const lines = found.stdout.split('\n');
    assert.match(lines[0] ?? '', /^\d+ results in project alpha \((fts|hybrid)\); dates UTC$/);
    assert.match(lines[1] ?? '', new RegExp(`^#${old}  2025-01-15 09:00 .*kafkaesque`));
    assert.ok(hitIds(found.stdout).slice(0, 5).includes(old));

    // (2) Common words only: ranked among the horizon's rows, the old memory not among them,
    // and the note says from when it looked and how to widen.
    const common = await search(home, 'spool fsync durability');
    assert.deepEqual([common.code, common.stderr], [0, '']);
    const ids = hitIds(common.stdout);
    assert.equal(ids.length, 20);
    assert.ok(!ids.includes(old));
    const note = NOTE.exec(common.stdout);
    assert.ok(note, `no cut-off note in:\n${common.stdout}`);
    assert.equal(note[1], SEARCHED_FROM.slice(0, 10));
    assert.match(note[2] ?? '', /search again with --all-time/);

    // (3) --all-time: every match ranked, the old memory (all three words in its title) first,
    // and no note.
    const all = await search(home, 'spool fsync durability', '--all-time');
    assert.deepEqual([all.code, all.stderr], [0, '']);
    assert.equal(hitIds(all.stdout)[0], old);
    assert.doesNotMatch(all.stdout, /^note:/m);
    assert.match(all.stdout, /^more: --offset 20$/m);
  });

  it('--json carries partial, searched_from and widen as GET /api/search returns them', async (t) => {
    const { home, old } = await pastHorizon(t);
    type Body = {
      items: Array<{ id: number }>;
      partial?: boolean;
      searched_from?: string;
      widen?: string;
    };
    const json = async (...args: string[]): Promise<Body> => {
      const run = await search(home, ...args, '--json');
      assert.deepEqual([run.code, run.stderr], [0, '']);
      return JSON.parse(run.stdout) as Body;
    };
    const common = await json('spool fsync durability', '--limit', '5');
    assert.equal(common.partial, true);
    assert.equal(common.searched_from, SEARCHED_FROM);
    assert.match(common.widen ?? '', /--all-time \(API all_time=1, MCP allTime: true\)/);
    assert.equal(common.items.length, 5);
    assert.ok(!common.items.some((item) => item.id === old));

    const all = await json('spool fsync durability', '--limit', '5', '--all-time');
    assert.deepEqual(
      [all.partial, all.searched_from, all.widen],
      [undefined, undefined, undefined],
    );
    assert.equal(all.items[0]?.id, old);

    const rare = await json('kafkaesque', '--limit', '5');
    assert.equal(rare.items[0]?.id, old);
    assert.equal(rare.partial, undefined);
  });

  it('in hybrid mode (vectors ready) the old memory is still in the top 5, and common words carry the note', async (t) => {
    const { home, old } = await pastHorizon(t, 'hash');
    await whenEmbedded(home);
    const found = await search(home, 'kafkaesque spool fsync');
    assert.deepEqual([found.code, found.stderr], [0, '']);
    assert.match(found.stdout, /^\d+ results in project alpha \(hybrid\); dates UTC$/m);
    assert.ok(hitIds(found.stdout).slice(0, 5).includes(old), found.stdout);
    const common = await search(home, 'spool fsync durability');
    assert.match(common.stdout, /\(hybrid\); dates UTC$/m);
    assert.equal(NOTE.exec(common.stdout)?.[1], SEARCHED_FROM.slice(0, 10));
    const all = await search(home, 'spool fsync durability', '--all-time');
    assert.doesNotMatch(all.stdout, /^note:/m);
  });
});
