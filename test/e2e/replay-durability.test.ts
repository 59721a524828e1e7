import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { liveWorker } from '../../src/client/index.ts';
import { isFullyPrivate } from '../../src/privacy/index.ts';
import { listSpool } from '../../src/spool/index.ts';
import { queryDb } from '../helpers/db.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import { replayCorpus, runReplay, toolPayloads, type ReplayedFile } from '../helpers/replay.ts';
import { startWorker, stopWorker, waitForDrain } from '../helpers/worker.ts';
import { saturateWhenAsked } from '../helpers/cpu-load.ts';

saturateWhenAsked();

const files = replayCorpus();
const expectedToolIds = files.flatMap((file) =>
  toolPayloads(file.payloads).map((p) => String(p.tool_use_id)),
);
const expectedPrompts = files
  .flatMap((file) => file.payloads)
  .filter(
    (p) => p.hook_event_name === 'UserPromptSubmit' && !isFullyPrivate(String(p.prompt)),
  ).length;

/** A small seeded PRNG so the kill schedule is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * SIGKILLs the worker of `home` every 20-50 hook runs (seeded), the moment within the worker's
 * work left to chance. Counted in hook runs, not milliseconds, so that a fast machine, which
 * replays the corpus in a few seconds, gets as many kills as a slow one. A kill that falls due
 * while no worker runs waits for the next hook to have started one.
 */
function killer(home: TestHome, random: () => number): { afterRun(): void; kills(): number } {
  const gap = (): number => 20 + Math.floor(random() * 31);
  let kills = 0;
  let runs = 0;
  let due = gap();
  return {
    afterRun() {
      runs += 1;
      if (runs < due) return;
      const info = liveWorker(home.dataDir);
      if (!info) return;
      process.kill(info.pid, 'SIGKILL');
      kills += 1;
      due = runs + gap();
    },
    kills: () => kills,
  };
}

function storedCounts(home: TestHome) {
  const [events] = queryDb<{ n: number; ids: number }>(
    home.dataDir,
    'SELECT COUNT(*) AS n, COUNT(DISTINCT tool_use_id) AS ids FROM events',
  );
  const [prompts] = queryDb<{ n: number }>(home.dataDir, 'SELECT COUNT(*) AS n FROM prompts');
  const ids = new Set(
    queryDb<{ id: string }>(home.dataDir, 'SELECT tool_use_id AS id FROM events').map((r) => r.id),
  );
  return {
    events,
    prompts: prompts?.n,
    missing: expectedToolIds.filter((id) => !ids.has(id)).length,
  };
}

const expected = {
  events: { n: expectedToolIds.length, ids: expectedToolIds.length },
  prompts: expectedPrompts,
  missing: 0,
};

describe('capture survives a dying worker', () => {
  const homes: TestHome[] = [];
  after(async () => {
    for (const home of homes) {
      await stopWorker(home);
      home.cleanup();
    }
  });

  it('stores every event once when the worker is SIGKILLed at random moments', async () => {
    const home = await createTestHome({ CLAUDE_MEM_CAPTURE_SKIP_TOOLS: '' });
    homes.push(home);
    await startWorker(home);
    const kill = killer(home, seeded(42));
    await runReplay(files, home.env, { afterRun: kill.afterRun });
    const kills = kill.kills();
    await startWorker(home);
    await waitForDrain(home);
    assert.ok(kills >= 5, `the worker was killed ${kills} times`);
    assert.deepEqual(storedCounts(home), expected);
  });

  it('keeps every event in the spool while no worker runs, and stores each once at the end', async () => {
    const home = await createTestHome({
      CLAUDE_MEM_CAPTURE_SKIP_TOOLS: '',
      CLAUDE_MEM_WORKER_AUTO_START: 'false',
    });
    homes.push(home);
    await runReplay(files as ReplayedFile[], home.env);
    const spooled = listSpool(home.dataDir).length;
    await startWorker(home);
    await waitForDrain(home);
    assert.ok(spooled >= expectedToolIds.length, `${spooled} spool files waited`);
    assert.deepEqual(storedCounts(home), expected);
  });
});
