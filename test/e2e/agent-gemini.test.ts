import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureAgentCli } from '../helpers/agent-cli.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import {
  functionResponses,
  startFakeGemini,
  type FakeGemini,
  type GeminiBody,
  type GeminiReply,
} from '../helpers/fake-gemini.ts';
import { runGemini, writeGeminiSettings } from '../helpers/gemini-run.ts';
import { stopWorker } from '../helpers/worker.ts';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
const gemini = ensureAgentCli('gemini');

/** The scripted model: read notes.txt, run the tests, finish. */
function script(body: GeminiBody, text: string): GeminiReply {
  // Session 2's context repeats session 1's prompt: its own prompt decides.
  if (!text.includes('read notes.txt') || text.includes('what do you remember')) {
    return { text: 'ok' };
  }
  const done = functionResponses(body);
  if (done === 0) return { call: 'read_file', args: { file_path: 'notes.txt' } };
  if (done === 1) return { call: 'run_shell_command', args: { command: 'echo tests pass' } };
  return { text: 'done' };
}

interface Setup {
  home: TestHome;
  fake: FakeGemini;
  project: string;
  settingsFile: string;
  settingsBefore: string;
  env: NodeJS.ProcessEnv;
}

async function setUp(): Promise<Setup> {
  const fake = await startFakeGemini(script);
  const home = await createTestHome({ CLAUDE_MEM_COMPRESS_PROVIDER: 'heuristic' });
  const root = dirname(home.dataDir);
  const project = join(root, 'shop');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'notes.txt'), 'Release codename: bluefin\n');
  execFileSync('git', ['init', '-q'], { cwd: project });
  const settingsBefore = writeGeminiSettings(home.env.HOME ?? root);
  const settingsFile = join(home.env.HOME ?? root, '.gemini', 'settings.json');
  return { home, fake, project, settingsFile, settingsBefore, env: home.env };
}

async function waitForMemory(home: TestHome): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    await sleep(200);
    if (!existsSync(join(home.dataDir, 'claude-mem.db'))) continue;
    const [row] = queryDb<{ obs: number; pending: number }>(
      home.dataDir,
      `SELECT (SELECT COUNT(*) FROM observations) AS obs,
              (SELECT COUNT(*) FROM events WHERE state = 'pending') AS pending`,
    );
    if (row && row.obs > 0 && row.pending === 0) return;
  }
}

describe(
  'the real Gemini CLI with claude-mem installed (--agent gemini)',
  { skip: gemini.bin ? false : gemini.reason },
  () => {
    let setup: Setup;
    let installed = '';
    const runs: Array<{ code: number | null; stdout: string; stderr: string }> = [];
    let session2: string[] = [];
    before(async () => {
      setup = await setUp();
      await cli(['install', '--agent', 'gemini'], setup.env, setup.project);
      installed = readFileSync(setup.settingsFile, 'utf8');
      const options = { env: setup.env, cwd: setup.project, fakeUrl: setup.fake.url };
      const bin = gemini.bin ?? '';
      runs.push(await runGemini(bin, 'read notes.txt and run the tests', options));
      await waitForMemory(setup.home);
      const seen = setup.fake.turns().length;
      runs.push(await runGemini(bin, 'what do you remember about this project?', options));
      session2 = setup.fake
        .turns()
        .slice(seen)
        .map((request) => request.body);
    });
    after(async () => {
      await stopWorker(setup.home);
      await setup.fake.close();
      setup.home.cleanup();
    });

    it('installs the hooks and the MCP server in settings.json, keeping the user settings', () => {
      const settings = JSON.parse(installed) as Record<string, Record<string, unknown>>;
      assert.deepEqual(Object.keys(settings.hooks ?? {}).sort(), [
        'AfterAgent',
        'AfterTool',
        'BeforeAgent',
        'PreCompress',
        'SessionEnd',
        'SessionStart',
      ]);
      assert.ok(settings.mcpServers?.['claude-mem']);
      assert.deepEqual(settings.security, { auth: { selectedType: 'gemini-api-key' } });
    });

    it('runs both sessions to the end', () => {
      assert.deepEqual(
        runs.map((run) => run.code),
        [0, 0],
        runs.map((run) => run.stderr).join('\n'),
      );
    });

    it('stores a gemini session with the prompt, the file read and the command', () => {
      const sessions = queryDb<{ agent: string }>(setup.home.dataDir, 'SELECT agent FROM sessions');
      assert.ok(sessions.length >= 1 && sessions.every((row) => row.agent === 'gemini'));
      const tools = queryDb<{ tool_name: string; input: string }>(
        setup.home.dataDir,
        'SELECT tool_name, tool_input AS input FROM events ORDER BY id',
      );
      assert.deepEqual(
        tools.map((row) => row.tool_name),
        ['Read', 'Bash'],
      );
      assert.match(tools[0]?.input ?? '', /"file_path":"notes\.txt"/);
    });

    it('compresses session 1 into observations made by gemini', () => {
      const rows = queryDb<{ agent: string }>(setup.home.dataDir, 'SELECT agent FROM observations');
      assert.ok(rows.length >= 1 && rows.every((row) => row.agent === 'gemini'));
    });

    it('carries the remembered observation in the model requests of session 2', () => {
      const titles = queryDb<{ title: string }>(
        setup.home.dataDir,
        'SELECT title FROM observations',
      ).map((row) => row.title);
      const withMemory = session2.filter(
        (body) =>
          body.includes('claude-mem-context') &&
          titles.some((title) => body.includes(JSON.stringify(title).slice(1, -1))),
      );
      assert.ok(
        withMemory.length >= 1,
        `${session2.length} requests, none with ${titles.join('; ')}`,
      );
    });

    it('uninstall leaves settings.json as it was, to the byte', async () => {
      await cli(['uninstall', '--agent', 'gemini'], setup.env, setup.project);
      assert.equal(readFileSync(setup.settingsFile, 'utf8'), setup.settingsBefore);
    });
  },
);
