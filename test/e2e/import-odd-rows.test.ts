// Issue 30, point 7: an export holding a teammate's odd row (stored before the row door: an
// empty title, file lists with numbers and objects or no JSON at all, a far-future time, a
// huge narrative) was refused whole by `import`, and `doctor --repair --from-export` with a
// broken export left an empty database where the original had been.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { openDatabase } from '../../src/store/index.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import { startWorker, stopWorker } from '../helpers/worker.ts';

async function home(t: TestContext): Promise<TestHome> {
  const made = await createTestHome();
  t.after(async () => {
    await stopWorker(made);
    made.cleanup();
  });
  return made;
}

/** Rows as an older version stored a teammate's hostile pull (no door in front of them). */
function seedOddRows(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = openDatabase(join(dataDir, 'claude-mem.db'));
  db.prepare(
    `INSERT INTO sessions (session_id, project, project_root, cwd, source, status, title, started_at, updated_at)
     VALUES ('team:alice:widget', 'widget', '/w', '/w', 'team', 'completed', 'shared by alice', 1, 1)`,
  ).run();
  const observation = db.prepare(
    `INSERT INTO observations (session_id, project, type, title, narrative, files_read, files_modified,
       facts, content_hash, created_at, updated_at, scope, author, global_id, provider)
     VALUES (1, 'widget', ?, ?, ?, ?, ?, ?, ?, ?, ?, 'team', 'alice', ?, 'team')`,
  );
  observation.run(
    'hack',
    '',
    'odd narrative',
    '[1, {"a": 2}, "src/x.ts"]',
    'not json',
    '"one"',
    'h1',
    9_000_000_000_000_000_000n,
    9_000_000_000_000_000_000n,
    '11111111-1111-4111-8111-111111111111',
  );
  observation.run(
    'decision',
    'huge one',
    `huge ${'z'.repeat(3_000_000)}`,
    '[]',
    '[]',
    '[]',
    'h2',
    5,
    5,
    '22222222-2222-4222-8222-222222222222',
  );
  db.prepare(
    `INSERT INTO summaries (session_id, project, prompt_number, learned, files_read, created_at, author)
     VALUES (1, 'widget', 1, 'odd summary', '[null, 3]', 9000000000000000000, 'alice')`,
  ).run();
  db.close();
}

test(
  'an export holding odd teammate rows imports cleanly, the odd values made sound',
  { timeout: 300_000 },
  async (t) => {
    const source = await home(t);
    seedOddRows(source.dataDir);
    await startWorker(source);
    const file = join(source.dataDir, '..', 'odd.jsonl');
    const exported = await cli(['export', '-o', file], source.env);
    assert.equal(exported.code, 0, exported.stderr);
    // A record no export writes, among them: set aside, the rest imported.
    writeFileSync(
      file,
      `${readFileSync(file, 'utf8')}{"kind":"observation","title":"no project"}\n`,
    );

    const target = await home(t);
    const run = await cli(['import', file], target.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /observations: 2 added/);
    assert.match(run.stdout, /summaries: 1 added/);
    assert.match(run.stdout, /1 records set aside/);
    const doctor = await cli(['doctor'], target.env);
    assert.match(
      doctor.stdout,
      /WARN database +quick_check ok, schema \d+; incoming rows set aside as unsound: 1 at import \(newest: project: /,
    );
    const rows = queryDb<Record<string, unknown>>(
      target.dataDir,
      `SELECT type, title, files_read, files_modified, facts, created_at, length(narrative) AS size
     FROM observations ORDER BY id`,
    );
    const now = Date.now();
    assert.deepEqual(rows[0], {
      type: 'discovery',
      title: 'odd narrative',
      files_read: '["1","{\\"a\\":2}","src/x.ts"]',
      files_modified: '["not json"]',
      facts: '["one"]',
      created_at: rows[0]?.created_at,
      size: 13,
    });
    assert.ok(Number(rows[0]?.created_at) <= now);
    assert.equal(rows[1]?.size, 10_000);
    assert.deepEqual(
      queryDb(
        target.dataDir,
        'SELECT learned, files_read, created_at <= ? AS sane FROM summaries',
        now,
      ),
      [{ learned: 'odd summary', files_read: '["3"]', sane: 1 }],
    );
    const shown = await cli(
      [
        'show',
        String(
          queryDb<{ id: number }>(target.dataDir, 'SELECT id FROM observations LIMIT 1')[0]?.id,
        ),
      ],
      target.env,
    );
    assert.equal(shown.code, 0, shown.stderr);
  },
);

test(
  'doctor --repair --from-export with a broken export leaves the original database in place',
  { timeout: 300_000 },
  async (t) => {
    const target = await home(t);
    seedOddRows(target.dataDir);
    const broken = join(target.dataDir, '..', 'broken.jsonl');
    writeFileSync(
      broken,
      '{"kind":"header","format":"claude-mem-export","version":1}\n{"kind":"session","session_id":"s1",\n',
    );
    const repair = await cli(['doctor', '--repair', '--from-export', broken], target.env);
    assert.notEqual(repair.code, 0);
    assert.match(repair.stderr, /broken\.jsonl:2: not a JSON line/);
    assert.ok(existsSync(join(target.dataDir, 'claude-mem.db')));
    assert.deepEqual(
      readdirSync(target.dataDir).filter((name) => name.includes('.damaged-')),
      [],
      'nothing moved aside',
    );
    assert.deepEqual(queryDb(target.dataDir, 'SELECT title FROM observations ORDER BY id'), [
      { title: '' },
      { title: 'huge one' },
    ]);
  },
);
