import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadSettings } from '../../src/config/index.ts';
import { sanitizeToolField } from '../../src/privacy/index.ts';
import { queryDb } from '../helpers/db.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import { replayCorpus, runReplay, toolPayloads, type ReplayedFile } from '../helpers/replay.ts';
import { startWorker, stopWorker, waitForDrain } from '../helpers/worker.ts';
import type { HookRun } from '../../src/cli/hook-process.ts';

interface StoredEvent {
  tool_use_id: string;
  tool_name: string;
  tool_input: string;
  tool_response: string | null;
  error: string | null;
  failed: number;
}

const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';

describe('replaying the shipped real transcripts through the real hooks', () => {
  let home: TestHome;
  let files: ReplayedFile[];
  let runs: HookRun[];
  let stored: Map<string, StoredEvent>;

  before(async () => {
    // An empty skip list: every tool of the corpus must be captured.
    home = await createTestHome({ CLAUDE_MEM_CAPTURE_SKIP_TOOLS: '' });
    files = replayCorpus();
    await startWorker(home);
    runs = await runReplay(files, home.env);
    await waitForDrain(home);
    const rows = queryDb<StoredEvent>(home.dataDir, 'SELECT * FROM events');
    stored = new Map(rows.map((row) => [row.tool_use_id, row]));
  });

  after(async () => {
    await stopWorker(home);
    home.cleanup();
  });

  it('replays all 191 tool events of the corpus', () => {
    const total = files.reduce((sum, file) => sum + toolPayloads(file.payloads).length, 0);
    assert.equal(total, 191);
  });

  it('answers every hook with exit code 0 and one line of neutral JSON', () => {
    const odd = runs.filter(
      (run) =>
        run.code !== 0 || (run.stdout !== NEUTRAL && !run.stdout.includes('hookSpecificOutput')),
    );
    assert.deepEqual(odd, []);
  });

  it('stores every tool event exactly once', () => {
    const count = queryDb<{ n: number; ids: number }>(
      home.dataDir,
      'SELECT COUNT(*) AS n, COUNT(DISTINCT tool_use_id) AS ids FROM events',
    )[0];
    assert.deepEqual(count, { n: 191, ids: 191 });
  });

  it('stores the tool events of each file', () => {
    const missing = files.map((file) => ({
      file: file.file,
      missing: toolPayloads(file.payloads).filter((p) => !stored.has(String(p.tool_use_id))).length,
    }));
    assert.deepEqual(
      missing.filter((entry) => entry.missing > 0),
      [],
    );
  });

  it('stores input and response equal to the original after redaction and elision', () => {
    const { settings } = loadSettings(home.dataDir, home.env);
    const differences = files.flatMap((file) =>
      toolPayloads(file.payloads).flatMap((payload) => {
        const row = stored.get(String(payload.tool_use_id));
        const failed = payload.hook_event_name === 'PostToolUseFailure';
        const expected = {
          input: sanitizeToolField(payload.tool_input ?? null, settings['capture.maxInputChars']),
          response: failed
            ? null
            : sanitizeToolField(
                payload.tool_response ?? null,
                settings['capture.maxResponseChars'],
              ),
        };
        const actual = {
          input: JSON.parse(row?.tool_input ?? 'null') as unknown,
          response: JSON.parse(row?.tool_response ?? 'null') as unknown,
        };
        const same = JSON.stringify(actual) === JSON.stringify(expected);
        return same ? [] : [{ file: file.file, id: payload.tool_use_id }];
      }),
    );
    assert.deepEqual(differences, []);
  });
});
