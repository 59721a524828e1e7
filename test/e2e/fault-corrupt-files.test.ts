// Faults: settings.json holding values of the wrong types, and spool files that are truncated or
// corrupt, met by the real worker and hooks. (A settings.json that is not JSON at all is covered
// by cli.test.ts; the spool reader's and ingest's handling of bad files by their unit tests.)
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { workerRequest } from '../../src/client/index.ts';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { ensureDataDir, logFile, quarantineDir, spoolDir } from '../../src/config/index.ts';
import { listSpool, writeSpoolEvent } from '../../src/spool/index.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { HOOK_BUNDLE, createTestHome, type TestHome } from '../helpers/env.ts';
import { bashCall, postToolUse } from '../helpers/hook-payloads.ts';
import { promptEvent, sessionStartEvent, toolEvent } from '../helpers/spool-events.ts';
import { startWorker, stopWorker, waitForDrain, tokenOf } from '../helpers/worker.ts';
import { saturateWhenAsked } from '../helpers/cpu-load.ts';

saturateWhenAsked();

const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';

/** Every value of the wrong type; worker.port is also overridden by the environment. */
const WRONG_TYPES = {
  worker: { port: 'abc', startWaitMs: -5 },
  capture: { enabled: 'yes', maxInputChars: 'lots', skipTools: 'TodoWrite' },
  log: { level: 5 },
};
const WRONG_KEYS = [
  'worker.port',
  'worker.startWaitMs',
  'capture.enabled',
  'capture.maxInputChars',
  'capture.skipTools',
  'log.level',
];

describe('settings.json holding values of the wrong types', () => {
  let home: TestHome;
  let hookRun: HookRun;
  let configList: HookRun;
  let doctor: HookRun;

  before(async () => {
    home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    ensureDataDir(home.dataDir);
    writeFileSync(join(home.dataDir, 'settings.json'), JSON.stringify(WRONG_TYPES), {
      mode: 0o600,
    });
    await startWorker(home);
    hookRun = await runHookProcess(
      HOOK_BUNDLE,
      'PostToolUse',
      postToolUse('wrong-types', 'toolu_wrong_types', bashCall('ls', 'a\nb')),
      home.env,
    );
    await waitForDrain(home);
    configList = await cli(['config', 'list'], home.env);
    doctor = await cli(['doctor'], home.env);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('runs the worker on the port from the environment', async () => {
    const res = await workerRequest(home.port, '/health', { token: tokenOf(home) });
    assert.equal(res.status, 200);
  });

  it('keeps the hook exiting 0 with the neutral answer, capturing with the defaults', () => {
    assert.deepEqual([hookRun.code, hookRun.stdout, hookRun.stderr], [0, NEUTRAL, '']);
    assert.deepEqual(queryDb(home.dataDir, 'SELECT tool_use_id FROM events'), [
      { tool_use_id: 'toolu_wrong_types' },
    ]);
  });

  it('has the worker log each wrong key with what was expected', () => {
    const log = readFileSync(logFile(home.dataDir), 'utf8');
    assert.deepEqual(
      WRONG_KEYS.filter((key) => log.includes(`WARN [worker] setting ${key}: expected `)),
      WRONG_KEYS,
    );
  });

  it('has config list name each wrong key and exit 1', () => {
    assert.equal(configList.code, 1);
    assert.deepEqual(
      WRONG_KEYS.filter((key) => configList.stdout.includes(`! ${key} (file)`)),
      WRONG_KEYS,
    );
  });

  it('has doctor fail the settings check, naming each wrong key', () => {
    const line = doctor.stdout.split('\n').find((text) => text.startsWith('FAIL settings')) ?? '';
    assert.deepEqual(
      WRONG_KEYS.filter((key) => line.includes(`${key} (file)`)),
      WRONG_KEYS,
    );
  });
});

describe('truncated and corrupt spool files met by the real worker', () => {
  let home: TestHome;
  const good = [sessionStartEvent(), promptEvent(), toolEvent(), toolEvent()];
  const bad = {
    truncated: JSON.stringify(toolEvent()).slice(0, 120),
    binary: '\u0000\u0001\u00ff garbage \ufffd',
    empty: '',
    'wrong shape': JSON.stringify({ v: 1, id: 'x', kind: 'tool' }),
  };

  before(async () => {
    home = await createTestHome({ CLAUDE_MEM_SEARCH_EMBEDDER: 'off' });
    ensureDataDir(home.dataDir);
    for (const event of good.slice(0, 2)) writeSpoolEvent(home.dataDir, event);
    Object.values(bad).forEach((text, i) => {
      writeFileSync(join(spoolDir(home.dataDir), `00000000000001-00000${i}-bad.json`), text);
    });
    for (const event of good.slice(2)) writeSpoolEvent(home.dataDir, event);
    await startWorker(home);
    await waitForDrain(home);
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('ingests every good file around the bad ones', () => {
    const ids = queryDb<{ id: string }>(
      home.dataDir,
      'SELECT event_uid AS id FROM ingested ORDER BY event_uid',
    );
    assert.deepEqual(
      ids.map((row) => row.id),
      good.map((event) => event.id).sort(),
    );
    assert.equal(listSpool(home.dataDir).length, 0);
  });

  it('quarantines each bad file with a .reason saying why', () => {
    const dir = quarantineDir(home.dataDir);
    const reasons = readdirSync(dir)
      .filter((name) => name.endsWith('.reason'))
      .sort()
      .map((name) => readFileSync(join(dir, name), 'utf8').trim());
    assert.deepEqual(reasons, [
      'not valid JSON (120 bytes, truncated or corrupt)',
      `not valid JSON (${bad.binary.length} bytes, truncated or corrupt)`,
      'not valid JSON (0 bytes, truncated or corrupt)',
      'missing at',
    ]);
  });

  it('has doctor warn about the quarantined files', async () => {
    const run = await cli(['doctor'], home.env);
    assert.match(
      run.stdout,
      /^WARN spool +0 waiting, 4 quarantined: see spool\/quarantine\/\*\.reason$/m,
    );
  });
});
