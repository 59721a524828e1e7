import assert from 'node:assert/strict';
import { test } from 'node:test';
import { queryDb } from '../helpers/db.ts';
import {
  contextOf,
  projectHook,
  recallHome,
  type HookAnswer,
  type RecallHome,
} from '../helpers/recall-home.ts';
import { startWorker, waitForDrain, WORKER_DEADLINE_MS } from '../helpers/worker.ts';

// Must show 2 of issue 34: a command that failed in session 1 and was made to work another way;
// in session 2 PreToolUse of the same command shape warns with what worked, once; a command of
// another shape, even of the same program, gets nothing. Real hooks, real worker, heuristic.

const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const bash = (id: string, command: string) => ({
  tool_name: 'Bash',
  tool_use_id: id,
  tool_input: { command, description: 'Run the e2e suite' },
});

/** Session 1: `npm run e2e` fails, the same suite with the browsers' path set passes. */
async function firstSession(home: RecallHome): Promise<void> {
  await projectHook(home, 's-1', 'UserPromptSubmit', { prompt: 'run the e2e suite' });
  await projectHook(home, 's-1', 'PostToolUseFailure', {
    ...bash('toolu_1', 'npm run e2e'),
    error: 'Exit code 1\nError: browserType.launch: Executable does not exist at /ms-playwright',
  });
  await projectHook(home, 's-1', 'PostToolUse', {
    ...bash('toolu_2', 'PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e'),
    tool_response: { stdout: '12 passed', stderr: '', interrupted: false },
  });
  await projectHook(home, 's-1', 'Stop', { last_assistant_message: 'The e2e suite passes.' });
}

async function waitForDeadEnd(home: RecallHome): Promise<number> {
  const deadline = Date.now() + WORKER_DEADLINE_MS;
  while (Date.now() < deadline) {
    const [row] = queryDb<{ id: number }>(
      home.dataDir,
      `SELECT o.id FROM observations o JOIN dead_end_keys k ON k.observation_id = o.id
        WHERE o.type = 'dead-end'`,
    );
    if (row) return row.id;
    await sleep(100);
  }
  throw new Error('waited for the dead end of session 1 to be compressed');
}

test('a dead end of session 1 is warned about before the same command shape in session 2', async (t) => {
  const home = await recallHome(t, 'shop', { CLAUDE_MEM_COMPRESS_PROVIDER: 'heuristic' });
  await startWorker(home);
  await firstSession(home);
  await waitForDrain(home);
  const id = await waitForDeadEnd(home);

  await t.test(
    'the same shape (another directory, other flags) gets one line with the fix',
    async () => {
      const run = await projectHook(
        home,
        's-2',
        'PreToolUse',
        bash('toolu_3', 'cd web && npm run e2e -- --headed'),
      );
      assert.equal(run.code, 0, run.stderr);
      assert.equal(
        (JSON.parse(run.stdout) as HookAnswer).hookSpecificOutput?.hookEventName,
        'PreToolUse',
      );
      assert.equal(
        contextOf(run.stdout),
        '<claude-mem-recall>\n' +
          `⛔ Dead end #${id} (claude-mem): \`npm run e2e\` fails (exit code 1: Error: browserType.launch: ` +
          'Executable does not exist at /ms-playwright): use `PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e`\n' +
          '</claude-mem-recall>',
      );
    },
  );

  await t.test('the same command again in the session gets nothing: once per session', async () => {
    const run = await projectHook(home, 's-2', 'PreToolUse', bash('toolu_4', 'npm run e2e'));
    assert.deepEqual([run.code, run.stdout], [0, NEUTRAL]);
  });

  await t.test('another command of the same program gets nothing', async () => {
    const runs = await Promise.all(
      ['npm run lint', 'npm test', 'npm --version'].map((command, i) =>
        projectHook(home, 's-3', 'PreToolUse', bash(`toolu_${10 + i}`, command)),
      ),
    );
    assert.deepEqual(
      runs.map((run) => [run.code, run.stdout]),
      [
        [0, NEUTRAL],
        [0, NEUTRAL],
        [0, NEUTRAL],
      ],
    );
  });

  await t.test('the command that worked is not warned about', async () => {
    const run = await projectHook(
      home,
      's-4',
      'PreToolUse',
      bash('toolu_20', 'PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e'),
    );
    assert.deepEqual([run.code, run.stdout], [0, NEUTRAL]);
  });
});
