import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { adminHome } from '../helpers/admin-home.ts';
import { cli } from '../helpers/cli.ts';
import { workerPidsFor } from '../helpers/proc.ts';
import { withDatabase } from '../helpers/recall-home.ts';
import { seedObservation, seedSession } from '../helpers/seed-memory.ts';
import { startWorker, stopWorker } from '../helpers/worker.ts';
import { promptEvent } from '../helpers/spool-events.ts';
import { writeSpoolEvent } from '../../src/spool/index.ts';
import type { TestHome } from '../helpers/env.ts';

/** Two projects' sessions, prompts, observations and a summary, written as the worker would. */
function seed(home: TestHome): void {
  withDatabase(home, (db) => {
    for (const [n, project] of ['alpha', 'beta', 'alpha'].entries()) {
      const session = seedSession(db, `s-${n}`, project, { at: 1_700_000_000_000 + n * 60_000 });
      db.prepare(
        `INSERT INTO prompts (event_uid, session_id, project, prompt_number, text, created_at)
         VALUES (?, ?, ?, 1, ?, ?)`,
      ).run(`p-${n}`, session, project, `fix the parser ${n}`, 1_700_000_000_000 + n * 60_000);
      for (const k of [1, 2]) {
        const createdAt = 1_700_000_000_000 + n * 60_000 + k * 1000;
        seedObservation(db, {
          title: `parser step ${n}.${k}`,
          project,
          sessionRowId: session,
          createdAt,
        });
      }
      db.prepare(
        `INSERT INTO summaries (session_id, project, prompt_number, request, learned, created_at)
         VALUES (?, ?, 1, ?, 'it works', ?)`,
      ).run(session, project, `request ${n}`, 1_700_000_000_000 + n * 60_000);
    }
  });
}

/** An export file without its `exported_at`, the one field that differs between two runs. */
function exportedData(file: string, format: string): unknown {
  const text = readFileSync(file, 'utf8');
  if (format === 'json') return { ...JSON.parse(text), exported_at: 0 };
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .map((record) => (record.kind === 'header' ? { ...record, exported_at: 0 } : record));
}

async function exportTo(home: TestHome, name: string, args: string[]): Promise<string> {
  const file = join(home.dataDir, '..', name);
  const run = await cli(['export', ...args, '-o', file], home.env);
  assert.equal(run.code, 0, run.stderr);
  return file;
}

describe('export with the worker stopped', () => {
  for (const [format, filter] of [
    ['jsonl', []],
    ['json', ['--project', 'alpha', '--since', '2023-11-14T22:14:00Z']],
  ] as const) {
    it(`reads the database itself, starts no worker, and gives what the worker gives (${format} ${filter.join(' ')})`, async (t) => {
      const home = await adminHome(t);
      seed(home);
      await startWorker(home);
      const viaWorker = await exportTo(home, 'worker.out', ['--format', format, ...filter]);
      await stopWorker(home);

      const direct = await exportTo(home, 'direct.out', ['--format', format, ...filter]);

      assert.deepEqual(workerPidsFor(home.dataDir), []);
      assert.deepEqual(exportedData(direct, format), exportedData(viaWorker, format));
      assert.ok(readFileSync(direct, 'utf8').includes('parser step 2.2'));
    });
  }

  it('exports an empty memory from a folder with no database, creating none', async (t) => {
    const home = await adminHome(t);
    const file = await exportTo(home, 'empty.jsonl', []);

    assert.deepEqual(workerPidsFor(home.dataDir), []);
    assert.equal(existsSync(join(home.dataDir, 'claude-mem.db')), false);
    assert.deepEqual(
      (exportedData(file, 'jsonl') as Array<{ kind: string }>).map((r) => r.kind),
      ['header'],
    );
  });

  it('says how many captured events still wait in the spool', async (t) => {
    const home = await adminHome(t);
    seed(home);
    mkdirSync(join(home.dataDir, 'spool'), { recursive: true });
    writeSpoolEvent(home.dataDir, promptEvent());
    const run = await cli(['export'], home.env);

    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /1 captured events wait in the spool/);
    assert.deepEqual(workerPidsFor(home.dataDir), []);
  });
});
