import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHeuristicCompressor } from '../../src/compress/index.ts';
import { ensureDataDir, loadSettings } from '../../src/config/index.ts';
import { OBSERVATION_TYPES, openDatabase, type Db } from '../../src/store/index.ts';
import { createCompressionService } from '../../src/worker/compression/compression-service.ts';
import { createOpenLinks } from '../../src/worker/open-links.ts';
import { replayCorpus } from '../helpers/replay.ts';
import { storeReplayInProcess } from '../helpers/replay-in-process.ts';
import { silentLogger } from '../helpers/logger.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Row {
  session: string;
  type: string;
  title: string;
  files_read: string;
  files_modified: string;
}

const TYPES: readonly string[] = OBSERVATION_TYPES;

/**
 * The shipped transcripts (fixtures/transcripts), captured with the hooks' own code in process (the spawned-hook
 * replay is covered by compress-anthropic.test.ts), compressed by the heuristic provider alone.
 */
describe('the heuristic provider over every replayed session', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'claude-mem-heuristic-'));
  let db: Db;
  let rows: Row[];

  before(async () => {
    ensureDataDir(dataDir);
    db = openDatabase(join(dataDir, 'claude-mem.db'));
    const settings = {
      ...loadSettings(dataDir, {}).settings,
      'capture.skipTools': [],
      'compress.provider': 'heuristic' as const,
    };
    storeReplayInProcess(db, dataDir, settings, replayCorpus());
    const deps = {
      db,
      dataDir,
      port: 1,
      token: 't',
      links: createOpenLinks(),
      version: 'test',
      startedAt: 0,
      settings,
      log: silentLogger,
      now: Date.now,
      onApplied: () => undefined,
    };
    const service = createCompressionService(deps, { env: {} });
    service.loop.kick();
    await service.loop.idle();
    await service.stop();
    rows = db
      .prepare(
        'SELECT s.session_id AS session, o.type, o.title, o.files_read, o.files_modified FROM observations o JOIN sessions s ON s.id = o.session_id',
      )
      .all() as Row[];
  });

  after(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives every session with tool events observations, with files where its events name any', () => {
    const sessions = db
      .prepare('SELECT DISTINCT s.session_id FROM events e JOIN sessions s ON s.id = e.session_id')
      .pluck()
      .all() as string[];
    const withObservations = new Set(rows.map((row) => row.session));
    assert.ok(sessions.length >= 10, `${sessions.length} sessions`);
    assert.deepEqual(
      sessions.filter((id) => !withObservations.has(id)),
      [],
    );
    // Sessions that only searched the web name no file; every other one must show its files.
    const naming = db
      .prepare(
        `SELECT DISTINCT s.session_id FROM events e JOIN sessions s ON s.id = e.session_id
         WHERE json_valid(e.tool_input) AND COALESCE(json_extract(e.tool_input, '$.file_path'),
           json_extract(e.tool_input, '$.notebook_path')) IS NOT NULL`,
      )
      .pluck()
      .all() as string[];
    const withFiles = new Set(
      rows
        .filter((row) => row.files_read !== '[]' || row.files_modified !== '[]')
        .map((row) => row.session),
    );
    assert.ok(naming.length >= sessions.length - 3);
    assert.deepEqual(
      naming.filter((id) => !withFiles.has(id)),
      [],
    );
  });

  it('gives every observation a non-empty title and a known type', () => {
    assert.ok(rows.length > 30, `${rows.length} observations`);
    assert.deepEqual(
      rows.filter((row) => row.title.trim() === '' || !TYPES.includes(row.type)),
      [],
    );
  });

  it('names every file a session wrote in the files_modified of one of its observations', () => {
    const written = db
      .prepare(
        `SELECT s.session_id AS session, s.project_root AS root, json_extract(e.tool_input, '$.file_path') AS path
         FROM events e JOIN sessions s ON s.id = e.session_id
         WHERE e.tool_name IN ('Edit', 'Write', 'MultiEdit') AND e.failed = 0 AND json_valid(e.tool_input)`,
      )
      .all() as Array<{ session: string; root: string; path: string | null }>;
    const modified = new Set(
      rows.flatMap((row) =>
        (JSON.parse(row.files_modified) as string[]).map((file) => `${row.session} ${file}`),
      ),
    );
    const missing = written.filter(
      ({ session, root, path }) =>
        path && !modified.has(`${session} ${path.replace(`${root}/`, '')}`),
    );
    assert.ok(written.length > 20, `${written.length} files written`);
    assert.deepEqual(missing, []);
  });

  it('leaves no event pending and gives every skipped one a reason', () => {
    assert.deepEqual(
      db.prepare("SELECT COUNT(*) FROM events WHERE state IN ('pending', 'failed')").pluck().get(),
      0,
    );
    assert.deepEqual(
      db
        .prepare("SELECT COUNT(*) FROM events WHERE state = 'skipped' AND reason IS NULL")
        .pluck()
        .get(),
      0,
    );
  });

  it('is deterministic: the same batch gives the same observations', async () => {
    const event = {
      id: 1,
      toolName: 'Bash',
      input: { command: 'npm test' },
      response: { stdout: 'ok' },
      error: null,
      failed: false,
      agentId: null,
      at: 0,
    };
    const batch = { project: 'p', root: '/p', promptNumber: 1, prompt: 'test', events: [event] };
    const heuristic = createHeuristicCompressor();
    assert.deepEqual(await heuristic.compressTurn(batch), await heuristic.compressTurn(batch));
  });
});
