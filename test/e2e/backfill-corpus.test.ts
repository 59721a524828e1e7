import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadSettings, stateDir } from '../../src/config/index.ts';
import { adminHome, settle, tableCounts } from '../helpers/admin-home.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { CLI_BUNDLE, type TestHome } from '../helpers/env.ts';
import { CORPUS_DIRS, replayCorpus, toolPayloads } from '../helpers/replay.ts';

const IMPORT = ['import-transcripts', ...CORPUS_DIRS];
const files = replayCorpus();
const skipped = new Set(loadSettings('/nonexistent', {}).settings['capture.skipTools']);
const expected = {
  // An empty transcript holds no session (Claude Code wrote nothing).
  sessions: new Set(
    files
      .filter((file) => readFileSync(file.file, 'utf8').trim() !== '')
      .flatMap((file) => file.payloads.map((p) => p.session_id)),
  ).size,
  events: new Set(
    files.flatMap((file) =>
      toolPayloads(file.payloads)
        .filter((p) => !skipped.has(String(p.tool_name)))
        .map((p) => String(p.tool_use_id)),
    ),
  ).size,
};

/** What a backfill left: row counts, and every observation by session, turn and title. */
async function outcome(home: TestHome) {
  await settle(home);
  const observations = queryDb<{ o: string }>(
    home.dataDir,
    `SELECT s.session_id || ' ' || o.prompt_number || ' ' || o.type || ' ' || o.title AS o
     FROM observations o JOIN sessions s ON s.id = o.session_id ORDER BY o`,
  ).map((row) => row.o);
  return { counts: tableCounts(home), observations };
}

const stateOf = (home: TestHome) =>
  JSON.parse(readFileSync(join(stateDir(home.dataDir), 'backfill.json'), 'utf8')) as {
    done: Record<string, string>;
    partial?: { offset: number };
  };

/** Starts an import and SIGKILLs it when its first progress line (10%) appears. */
function importKilledMidway(home: TestHome): Promise<{ stdout: string; progress: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BUNDLE, ...IMPORT], { env: home.env });
    let stdout = '';
    let progress = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      progress += chunk.toString();
      // Past 0% and with progress on disk: the kill lands in the middle, never before the start.
      const started = existsSync(join(stateDir(home.dataDir), 'backfill.json'));
      if (/^import-transcripts: [1-9]\d*%/m.test(progress) && started) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', () => resolve({ stdout, progress }));
  });
}

describe('import-transcripts over the shipped transcripts', () => {
  let once: Awaited<ReturnType<typeof outcome>>;

  it('stores every session and every captured tool event of the corpus once', async (t) => {
    const home = await adminHome(t, { CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    const first = await cli(IMPORT, home.env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /compression: heuristic/);
    once = await outcome(home);
    assert.equal(once.counts.sessions, expected.sessions);
    assert.equal(once.counts.events, expected.events);
    assert.ok((once.counts.observations ?? 0) > 20, `${once.counts.observations} observations`);

    const again = await cli(IMPORT, home.env);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, new RegExp(`left out: ${expected.sessions} already imported`));
    assert.deepEqual(await outcome(home), once);

    // Without its progress file a rerun reads and sends everything: the worker stores none of it.
    rmSync(join(stateDir(home.dataDir), 'backfill.json'));
    const resent = await cli(IMPORT, home.env);
    assert.match(resent.stdout, /: 0 events stored, \d+ already there/);
    assert.deepEqual(await outcome(home), once);
  });

  it('continues after a SIGKILL in the middle and ends with the same rows as one clean run', async (t) => {
    const home = await adminHome(t, { CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    const killed = await importKilledMidway(home);
    assert.doesNotMatch(killed.stdout, /^imported/m);
    const midway = stateOf(home);
    assert.ok(Object.keys(midway.done).length < expected.sessions, killed.progress);
    const stored = tableCounts(home).events ?? 0;
    assert.ok(stored > 0 && stored < expected.events, `${stored} events stored when killed`);
    const rerun = await cli(IMPORT, home.env);
    assert.equal(rerun.code, 0, rerun.stderr);
    assert.deepEqual(await outcome(home), once);
  });
});
