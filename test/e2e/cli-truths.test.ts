import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { cli } from '../helpers/cli.ts';
import { freePort } from '../helpers/env.ts';
import { workerPidsFor } from '../helpers/proc.ts';
import { recallHome, withDatabase } from '../helpers/recall-home.ts';
import { seedObservation } from '../helpers/seed-memory.ts';
import { stopWorker } from '../helpers/worker.ts';

describe('small truths', () => {
  it('the demo marks the stripped <private> block and the redacted token, and doctor passes on its folder', async (t) => {
    const home = await recallHome(t);
    const demoDir = join(dirname(home.dataDir), 'demo');
    t.after(() => stopWorker({ ...home, dataDir: demoDir }));
    const port = String(await freePort());
    const demo = await cli(['demo', '--data-dir', demoDir, '--port', port], home.env);
    const doctor = await cli(['doctor'], { ...home.env, CLAUDE_MEM_DATA_DIR: demoDir });
    assert.equal(demo.code, 0, demo.stderr);
    assert.match(
      demo.stdout,
      /prompt 1: [^\n]*fix it\.\n {6}\^ marked: the <private>…<\/private> block you typed was stripped here/,
    );
    assert.match(
      demo.stdout,
      /#4 Bash [^\n]*\n {6}\^ marked: a secret in its output was redacted before storage: export DEPLOY_TOKEN=\[REDACTED:github-token\]\n/,
    );
    assert.doesNotMatch(demo.stdout, /ghp_|hunter2/);
    assert.equal(doctor.code, 0, doctor.stdout);
    assert.match(doctor.stdout, /OK {3}data folder .* is private/);
    assert.match(doctor.stdout, /WARN hooks .*\(expected: this is the demo's data folder\)/);
  });

  it('worker status speaks to people; --json gives the /health answer', async (t) => {
    const home = await recallHome(t);
    await cli(['worker', 'start'], home.env);
    const human = await cli(['worker', 'status'], home.env);
    const json = await cli(['worker', 'status', '--json'], home.env);
    assert.match(
      human.stdout,
      /^worker ok: pid \d+, http:\/\/127\.0\.0\.1:\d+\/, version [\d.]+, up \d+ s\n {2}waiting: 0 spool files to ingest, 0 events to compress\n {2}events: none yet\n$/,
    );
    assert.equal((JSON.parse(json.stdout) as { status: string }).status, 'ok');
  });

  it('uninstall stops the worker', async (t) => {
    const home = await recallHome(t);
    await cli(['install'], home.env);
    const before = workerPidsFor(home.dataDir).length;
    const run = await cli(['uninstall'], home.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /worker stopped/);
    assert.deepEqual([before, workerPidsFor(home.dataDir).length], [1, 0]);
  });

  it('search with nothing in this project says how many --all finds, and pages with the offset', async (t) => {
    const home = await recallHome(t);
    withDatabase(home, (db) => {
      for (const n of [1, 2, 3]) seedObservation(db, { title: `Spool note ${n}`, project: 'beta' });
      seedObservation(db, { title: 'Spool here', project: 'alpha' });
      seedObservation(db, { title: 'Spool here too', project: 'alpha' });
      seedObservation(db, { title: 'Spool here as well', project: 'alpha' });
    });
    const none = await cli(['search', 'note', '--mode', 'fts'], home.env, home.projectDir);
    const paged = await cli(
      ['search', 'spool', '--limit', '1', '--offset', '1', '--mode', 'fts'],
      home.env,
      home.projectDir,
    );
    assert.equal(
      none.stdout,
      'No observations match "note" in project alpha (fts).\n--all finds 3 in other projects\n',
    );
    assert.match(paged.stdout, /^1 result in project alpha[^]*\nmore: --offset 2\n$/);
    assert.deepEqual(readdirSync(home.dataDir).includes('claude-mem.db'), true);
  });
});
