import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { runHookProcess, type HookRun } from '../../src/cli/hook-process.ts';
import { cli } from '../helpers/cli.ts';
import { HOOK_BUNDLE } from '../helpers/env.ts';
import { unclocked } from '../helpers/hook-answer.ts';
import { recallHome, withDatabase, type RecallHome } from '../helpers/recall-home.ts';
import {
  seedMany,
  seedObservation,
  seedSession,
  seedSummary,
  seedTurn,
} from '../helpers/seed-memory.ts';
import { startWorker } from '../helpers/worker.ts';

const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';
const MINUTE = 60_000;

/** Runs the real SessionStart hook in the project folder, as Claude Code would. */
function sessionStart(home: RecallHome, sessionId: string, source: string): Promise<HookRun> {
  const payload = {
    session_id: sessionId,
    transcript_path: '',
    cwd: home.projectDir,
    hook_event_name: 'SessionStart',
    source,
  };
  return runHookProcess(
    HOOK_BUNDLE,
    'SessionStart',
    JSON.stringify(payload),
    home.env,
    home.projectDir,
  );
}

/** The additionalContext a hook run printed (the run must be a clean exit 0 with one JSON line). */
function contextOf(run: HookRun): string {
  assert.deepEqual([run.code, run.stderr], [0, '']);
  const output = JSON.parse(run.stdout) as {
    hookSpecificOutput?: { hookEventName: string; additionalContext: string };
  };
  assert.equal(output.hookSpecificOutput?.hookEventName, 'SessionStart');
  return output.hookSpecificOutput?.additionalContext ?? '';
}

/**
 * 10,000 observations of project alpha over the last week, a summary per old session, and a
 * session `sess-old` that answered an hour ago, after which 3 more observations were made.
 */
function seedBigProject(home: RecallHome): void {
  const now = Date.now();
  withDatabase(home, (db) => {
    const old = seedSession(db, 'sess-old', 'alpha', {
      root: home.projectDir,
      at: now - 7 * 24 * 60 * MINUTE,
    });
    seedMany(db, 10_000, { sessionRowId: old, end: now - 70 * MINUTE });
    seedSummary(db, {
      sessionRowId: old,
      request: 'an older request',
      createdAt: now - 3 * 60 * MINUTE,
    });
    seedSummary(db, {
      sessionRowId: old,
      request: 'Rewrite the spool reader',
      completed: 'Reader quarantines partial files',
      nextSteps: 'Benchmark ingest',
      createdAt: now - 65 * MINUTE,
    });
    seedTurn(db, old, now - 60 * MINUTE);
    for (const n of [1, 2, 3])
      seedObservation(db, { title: `After the answer ${n}`, createdAt: now - (30 - n) * MINUTE });
  });
}

async function occupyPort(t: TestContext, port: number): Promise<void> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  t.after(() => server.close());
}

/** The CLI run from the home's project folder. */
const cliIn = (args: string[], home: RecallHome) => cli(args, home.env, home.projectDir);

describe('SessionStart context through the real hook and worker', () => {
  it('a new project gets the empty-state message', async (t) => {
    const home = await recallHome(t);
    const context = contextOf(await sessionStart(home, 'sess-first', 'startup'));
    assert.match(
      context,
      /^<claude-mem-context>\n# claude-mem: project alpha\nNo memories of this project yet/,
    );
  });

  it('10,000 observations: never over 8,000 bytes, has the latest summary, resume shorter than startup', async (t) => {
    const home = await recallHome(t);
    seedBigProject(home);
    await startWorker(home);
    const startup = contextOf(await sessionStart(home, 'sess-new', 'startup'));
    const resume = contextOf(await sessionStart(home, 'sess-old', 'resume'));
    const clear = contextOf(await sessionStart(home, 'sess-new', 'clear'));
    const compact = contextOf(await sessionStart(home, 'sess-old', 'compact'));
    for (const context of [startup, resume, clear, compact]) {
      assert.ok(Buffer.byteLength(context) <= 8000, `${Buffer.byteLength(context)} bytes`);
      assert.match(context, /^<claude-mem-context>\n[^]*\n<\/claude-mem-context>$/);
    }
    assert.match(
      startup,
      /## Latest summary \([^)]+\)\nRequest: Rewrite the spool reader\nCompleted: Reader quarantines partial files\nNext steps: Benchmark ingest\n/,
    );
    assert.match(startup, /## Observations \(\d+ of 10003, by day; pinned first\)/);
    assert.match(compact, /## This session before compaction[^]*Rewrite the spool reader/);
    assert.match(
      resume,
      /new since your last response[^]*After the answer 1[^]*After the answer 3/,
    );
    assert.ok(
      resume.length < startup.length,
      `resume ${resume.length} vs startup ${startup.length}`,
    );
    assert.doesNotMatch(resume, /change number/);
  });

  it('claude-mem context prints exactly what the hook injects', async (t) => {
    const home = await recallHome(t);
    withDatabase(home, (db) => seedMany(db, 50, { end: Date.now() }));
    await startWorker(home);
    const hook = contextOf(await sessionStart(home, 'sess-cli', 'startup'));
    const printed = await cliIn(['context'], home);
    assert.deepEqual(
      [printed.code, printed.stderr, unclocked(printed.stdout)],
      [0, '', `${unclocked(hook)}\n`],
    );
  });

  it('when the worker cannot start in time the hook exits 0 with no context and logs why', async (t) => {
    const home = await recallHome(t, 'alpha', { CLAUDE_MEM_WORKER_START_WAIT_MS: '300' });
    withDatabase(home, (db) => seedMany(db, 10, { end: Date.now() }));
    await occupyPort(t, home.port);
    const started = Date.now();
    const run = await sessionStart(home, 'sess-blocked', 'startup');
    assert.deepEqual([run.code, run.stdout, run.stderr], [0, NEUTRAL, '']);
    assert.ok(Date.now() - started < 5000);
    const log = readFileSync(join(home.dataDir, 'claude-mem.log'), 'utf8');
    assert.match(log, /SessionStart: worker not available in time, no context given/);
  });
});
