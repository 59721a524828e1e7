import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation, seedSession } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { openTestDb } from '../../test/helpers/test-db.ts';
import { anchorsOf, writeAnchors, type Db } from '../store/index.ts';
import { createAnchorChecker } from './check-anchors.ts';
import { makeAnchors } from './make-anchors.ts';

const FILES = 1000;
const OBSERVATIONS = 10_000;
const fileName = (n: number): string => `src/f${String(n).padStart(4, '0')}.ts`;
/** The three files observation number `i` names (every file is named by 30 observations). */
const filesOf = (i: number): number[] => [i % FILES, (i + 7) % FILES, (i + 331) % FILES];

/** 1,000 files, and 10,000 observations anchored to 3 of them each, as compression stores them. */
function bigProject(
  t: TestContext,
  observations = OBSERVATIONS,
): { db: Db; root: string; ids: number[] } {
  const root = tempDir(t);
  const db = openTestDb(t);
  mkdirSync(join(root, 'src'));
  for (let n = 0; n < FILES; n += 1)
    writeFileSync(join(root, fileName(n)), `export const v${n} = ${n};\n`);
  const origin = { cwd: root, projectRoot: root, turnEnd: Date.now() };
  const anchorOf = Array.from({ length: FILES }, (_, n) => makeAnchors([fileName(n)], origin));
  const session = seedSession(db, 'big', 'big', { root });
  const ids = db.transaction(() =>
    Array.from({ length: observations }, (_, i) => {
      const id = seedObservation(db, { title: `o${i}`, project: 'big', sessionRowId: session });
      writeAnchors(
        db,
        id,
        filesOf(i).flatMap((n) => anchorOf[n] ?? []),
        origin.turnEnd,
      );
      return id;
    }),
  )();
  return { db, root, ids };
}

const statesOf = (verdicts: Map<number, { state: string }>): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const { state } of verdicts.values()) counts[state] = (counts[state] ?? 0) + 1;
  return counts;
};

test('10,000 observations x 3 anchors: all fresh, hashed once; after 100 files change exactly their observations are changed', (t) => {
  const { db, root, ids } = bigProject(t);
  const reads: string[] = [];
  const checker = createAnchorChecker({ onRead: (path) => reads.push(path) });
  const anchors = anchorsOf(db, ids);
  assert.equal([...anchors.values()].flat().length, 30_000);

  assert.deepEqual(statesOf(checker.check(anchors, root)), { fresh: 10_000 });
  assert.equal(reads.length, FILES, 'each file is hashed once, however many anchors name it');

  reads.length = 0;
  assert.deepEqual(statesOf(checker.check(anchors, root)), { fresh: 10_000 });
  assert.equal(reads.length, 0, 'an unchanged tree costs no hashing');

  const edited = Array.from({ length: 100 }, (_, k) => k * 10);
  for (const n of edited)
    writeFileSync(join(root, fileName(n)), `export const v${n} = ${n};\n// edited\n`);
  reads.length = 0;
  const after = checker.check(anchors, root);
  assert.equal(reads.length, 100, 'only the changed files are hashed again');
  const editedSet = new Set(edited);
  const expected = ids.filter((_, i) => filesOf(i).some((n) => editedSet.has(n)));
  const changed = ids.filter((id) => after.get(id)?.state === 'changed');
  assert.deepEqual(changed, expected);
  assert.deepEqual(statesOf(after), { changed: expected.length, fresh: 10_000 - expected.length });
  const named = new Set(
    changed.flatMap((id) =>
      (after.get(id)?.files ?? []).filter((f) => f.state === 'changed').map((f) => f.path),
    ),
  );
  assert.deepEqual([...named].sort(), edited.map(fileName).sort());
  assert.ok(
    changed.every((id) =>
      after
        .get(id)
        ?.files.filter((f) => f.state === 'changed')
        .every((f) => f.lineDelta === 1),
    ),
  );
});

test('a project whose root is not on this machine is unknown, never an error', (t) => {
  const { db, ids } = bigProject(t, 5);
  const verdicts = createAnchorChecker().check(anchorsOf(db, ids.slice(0, 5)), '/nowhere/at/all');
  assert.deepEqual(statesOf(verdicts), { unknown: 5 });
});

test('a session whose folder is not on this machine gets no anchors rather than missing ones', () => {
  const origin = { cwd: '/nowhere/at/all', projectRoot: '/nowhere/at/all', turnEnd: Date.now() };
  assert.deepEqual(makeAnchors(['src/a.ts', '/nowhere/at/all/b.ts'], origin), []);
});
