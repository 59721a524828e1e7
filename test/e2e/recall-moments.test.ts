import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runHookProcess } from '../../src/cli/hook-process.ts';
import { queryDb } from '../helpers/db.ts';
import { HOOK_BUNDLE } from '../helpers/env.ts';
import {
  contextOf,
  projectHook,
  recallHome,
  withDatabase,
  type HookAnswer,
  type RecallHome,
} from '../helpers/recall-home.ts';
import { seedMany, seedObservation, seedSession } from '../helpers/seed-memory.ts';
import { startWorker, stopWorker, waitForDrain } from '../helpers/worker.ts';

// Must show 1 of issue 15: prompt-time recall through the real hook and the real worker, over
// a project of 1,000 observations. The memory and the prompts share stems and rare words but
// not their wording ("rounded"/"rounding", "totals"/"total", "invoices"/"invoice"): what today's
// full-text search finds. Paraphrases with no shared word need the code-aware search and search
// keys of another part of issue 15.

const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';
const NOW = Date.now();
const DAY = 86_400_000;

/** Fills the project: 999 synthetic memories, the invoice one long before them, 40 zeppelin. */
function seedProject(home: RecallHome): number {
  return withDatabase(home, (db) => {
    const s = seedSession(db, 'old-session', home.project, {
      root: home.projectDir,
      at: NOW - 60 * DAY,
    });
    const invoice = seedObservation(db, {
      project: home.project,
      sessionRowId: s,
      type: 'bugfix',
      title: 'Invoice totals rounded half-even in billing',
      narrative: 'The invoices module rounds totals with banker rounding to match the ledger.',
      filesModified: ['src/billing/invoice.ts'],
      createdAt: NOW - 50 * DAY,
    });
    for (let i = 0; i < 40; i += 1) {
      seedObservation(db, {
        project: home.project,
        sessionRowId: s,
        title: `Zeppelin ballast trim table ${i} ${'ballast '.repeat(20)}`,
        createdAt: NOW - 40 * DAY + i,
      });
    }
    seedMany(db, 959, { project: home.project, sessionRowId: s, end: NOW - DAY });
    return invoice;
  });
}

const promptHook = (home: RecallHome, session: string, prompt: string) =>
  projectHook(home, session, 'UserPromptSubmit', { prompt });

test('prompt-time recall over 1,000 observations through the real hook and worker', async (t) => {
  const home = await recallHome(t);
  const invoice = seedProject(home);
  const [count] = queryDb<{ n: number }>(home.dataDir, 'SELECT COUNT(*) AS n FROM observations');
  assert.equal(count?.n, 1000);
  const worker = await startWorker(home);

  await t.test(
    'a prompt worded differently from the memory gets it as additionalContext',
    async () => {
      const run = await promptHook(
        home,
        's-1',
        'why do the invoice total amounts come out rounding oddly?',
      );
      assert.equal(run.code, 0, run.stderr);
      const answer = JSON.parse(run.stdout) as HookAnswer;
      assert.equal(answer.hookSpecificOutput?.hookEventName, 'UserPromptSubmit');
      const context = contextOf(run.stdout);
      assert.match(context, /^<claude-mem-recall>\n/);
      assert.match(
        context,
        new RegExp(`^#${invoice} .+ Invoice totals rounded half-even in billing \\(~\\d+\\)$`, 'm'),
      );
    },
  );

  await t.test('a second prompt of the same session does not get it again', async () => {
    const run = await promptHook(home, 's-1', 'the invoices still round the totals wrong');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, NEUTRAL);
  });

  await t.test(
    'at most 3 items, within the token and byte caps, when 40 memories match',
    async () => {
      const run = await promptHook(home, 's-1', 'zeppelin ballast trim table');
      const context = contextOf(run.stdout);
      const lines = context.split('\n').filter((line) => /^#\d+ /.test(line));
      assert.equal(lines.length, 3);
      assert.ok(Buffer.byteLength(context) <= 2000, String(Buffer.byteLength(context)));
      assert.ok(context.length / 4 <= 500);
    },
  );

  await t.test(
    'a fully private prompt gets nothing, and is still captured (without text)',
    async () => {
      const before = queryDb<{ n: number }>(
        home.dataDir,
        'SELECT prompt_count AS n FROM sessions WHERE session_id = ?',
        's-2',
      );
      const run = await promptHook(home, 's-2', '<private>invoice totals rounding</private>');
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, NEUTRAL);
      await waitForDrain(home);
      const [after] = queryDb<{ n: number }>(
        home.dataDir,
        'SELECT prompt_count AS n FROM sessions WHERE session_id = ?',
        's-2',
      );
      assert.deepEqual([before.length, after?.n], [0, 1]);
    },
  );

  await t.test('with the worker frozen the hook answers neutral within its timeout', async () => {
    process.kill(worker.pid ?? 0, 'SIGSTOP');
    const started = Date.now();
    const run = await promptHook(home, 's-3', 'invoice totals rounding').finally(() =>
      process.kill(worker.pid ?? 0, 'SIGCONT'),
    );
    assert.deepEqual([run.code, run.stdout], [0, NEUTRAL], run.stderr);
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
  });

  await t.test(
    'with the worker stopped the hook exits 0 at once, the prompt in the spool',
    async () => {
      await stopWorker(home);
      const env = { ...home.env, CLAUDE_MEM_WORKER_AUTO_START: 'false' };
      const started = Date.now();
      const payload = {
        session_id: 's-4',
        cwd: home.projectDir,
        prompt: 'invoice totals rounding',
      };
      const run = await runHookProcess(
        HOOK_BUNDLE,
        'UserPromptSubmit',
        JSON.stringify(payload),
        env,
      );
      assert.deepEqual([run.code, run.stdout], [0, NEUTRAL], run.stderr);
      assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
      await startWorker(home);
      await waitForDrain(home);
      const rows = queryDb<{ text: string }>(
        home.dataDir,
        "SELECT p.text FROM prompts p JOIN sessions s ON s.id = p.session_id WHERE s.session_id = 's-4'",
      );
      assert.deepEqual(rows, [{ text: 'invoice totals rounding' }]);
    },
  );
});
