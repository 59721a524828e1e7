import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { plantStore } from '../../../test/helpers/consolidation-seed.ts';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { applyConsolidation, undoConsolidation, UndoRefused } from './consolidation-apply.ts';
import { proposeConsolidation } from './consolidation-propose.ts';
import { openDatabase, type Db } from '../db.ts';
import { writeAnchors } from '../memory/anchors.ts';
import { writeDeadEndKeys } from '../memory/dead-ends.ts';

const MEMORY_TABLES = [
  'observations',
  'observation_anchors',
  'observation_file_names',
  'dead_end_keys',
  'recall_vectors',
  'observation_counts',
];

function open(t: TestContext): Db {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  return db;
}

/** Every row of the memory tables, in a fixed order, as text (blobs as hex). */
const dump = (db: Db): string =>
  MEMORY_TABLES.map((table) =>
    JSON.stringify(
      db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all(),
      (_key, value: unknown) =>
        value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer'
          ? Buffer.from((value as { data: number[] }).data).toString('hex')
          : value,
    ),
  ).join('\n');

test('consolidate proposes the planted near-duplicates and the noise, nothing else', (t) => {
  const db = open(t);
  const planted = plantStore(db);
  const changeset = proposeConsolidation(db, 'alpha');
  assert.deepEqual(
    changeset.merges.map((merge) => [merge.into, ...merge.from]),
    // Newest group first: the cache notes are newer than the token fixes.
    [planted.cache, planted.skew],
  );
  assert.deepEqual(changeset.drops, [{ id: planted.noise, reason: 'noise', title: 'Ran ls -la' }]);
});

test('apply then undo restores the memory tables byte for byte', (t) => {
  const db = open(t);
  const planted = plantStore(db);
  const [keep, gone] = planted.skew as [number, number];
  writeAnchors(
    db,
    gone,
    [
      {
        path: 'src/auth/token.ts',
        kind: 'sha256',
        hash: 'ab',
        lines: 3,
        commit: null,
        branch: null,
      },
    ],
    5,
  );
  writeDeadEndKeys(db, gone, 'alpha', [{ key: 'cmd:npm run e2e', fix: 'x' }]);
  db.prepare(
    `INSERT INTO recall_vectors (observation_id, project, model, embedding, source_updated_at,
       created_at) VALUES (?, 'alpha', 'hash', ?, 1, 1)`,
  ).run(gone, Buffer.from([0, 1, 2, 255]));
  const before = dump(db);
  const journal = applyConsolidation(db, proposeConsolidation(db, 'alpha'), 99);
  const count = (id: number) =>
    db.prepare('SELECT COUNT(*) FROM observations WHERE id = ?').pluck().get(id);
  assert.deepEqual([count(keep), count(gone), count(planted.noise)], [1, 0, 0]);
  assert.deepEqual(
    db.prepare('SELECT source_id, into_id, reason FROM consolidated ORDER BY source_id').all(),
    [
      ...[...planted.skew.slice(1), ...planted.cache.slice(1)].map((id) => ({
        source_id: id,
        into_id: planted.skew.includes(id) ? keep : planted.cache[0],
        reason: 'merged',
      })),
      { source_id: planted.noise, into_id: null, reason: 'noise' },
    ].sort((a, b) => a.source_id - b.source_id),
  );
  undoConsolidation(db, journal, 100);
  assert.equal(dump(db), before);
  assert.throws(() => undoConsolidation(db, journal, 101), UndoRefused);
});

test('an undo under a later consolidation of the same memories is refused', (t) => {
  const db = open(t);
  const planted = plantStore(db);
  const before = dump(db);
  const first = applyConsolidation(db, proposeConsolidation(db, 'alpha'), 1);
  const drop = { id: planted.skew[0] as number, reason: 'noise' as const, title: '' };
  const second = applyConsolidation(
    db,
    { project: 'alpha', merges: [], drops: [drop], considered: 1 },
    2,
  );
  assert.throws(() => undoConsolidation(db, first, 3), /undo #2 first/);
  undoConsolidation(db, second, 4);
  undoConsolidation(db, first, 5);
  assert.equal(dump(db), before);
});
