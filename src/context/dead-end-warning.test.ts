import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { seedObservation } from '../../test/helpers/seed-memory.ts';
import { tempDir } from '../../test/helpers/temp-dir.ts';
import { openDatabase, writeDeadEndKeys, type Db } from '../store/index.ts';
import { deadEndWarning } from './dead-end-warning.ts';

const TITLE = '`npm run e2e` fails (exit code 1): use `PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e`';

function store(t: TestContext): { db: Db; id: number } {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  t.after(() => db.close());
  const id = seedObservation(db, { title: TITLE, type: 'dead-end' });
  writeDeadEndKeys(db, id, 'alpha', [
    { key: 'cmd:npm run e2e', fix: 'PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e' },
    { key: 'file:/app/gen/schema.ts', fix: '' },
  ]);
  return { db, id };
}

const ask = (db: Db, sessionId: string, call: { command?: string; file?: string }) =>
  deadEndWarning(db, { project: 'alpha', sessionId, now: 1, ...call });

test('the same command shape is warned about once per session, with the memory id', (t) => {
  const { db, id } = store(t);
  const first = ask(db, 's1', { command: 'CI=1 npm run e2e --headed' });
  assert.deepEqual(first, {
    text: `<claude-mem-recall>\n⛔ Dead end #${id} (claude-mem): ${TITLE}\n</claude-mem-recall>`,
    ids: [id],
  });
  assert.deepEqual(ask(db, 's1', { command: 'npm run e2e' }).ids, []);
  assert.deepEqual(ask(db, 's2', { command: 'npm run e2e' }).ids, [id]);
});

test('another shape, a general one, the fix itself or another project get nothing', (t) => {
  const { db } = store(t);
  const none = [
    ask(db, 's1', { command: 'npm run lint' }),
    ask(db, 's1', { command: 'npm --version' }),
    ask(db, 's1', { command: 'PLAYWRIGHT_BROWSERS_PATH=0  npm run e2e' }),
    deadEndWarning(db, { project: 'beta', sessionId: 's1', now: 1, command: 'npm run e2e' }),
  ];
  assert.deepEqual(
    none.map((block) => block.ids),
    [[], [], [], []],
  );
});

test('an edit of a file a dead end is about is warned about', (t) => {
  const { db, id } = store(t);
  assert.deepEqual(ask(db, 's1', { file: '/app/gen/schema.ts' }).ids, [id]);
  assert.deepEqual(ask(db, 's1', { file: '/app/gen/other.ts' }).ids, []);
});
