import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureAgentCli } from '../helpers/agent-cli.ts';
import { cli } from '../helpers/cli.ts';
import { runCodex, writeCodexConfig } from '../helpers/codex-run.ts';
import { queryDb } from '../helpers/db.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import {
  startFakeResponses,
  toolOutputs,
  type FakeResponses,
  type ResponsesBody,
  type ResponsesReply,
} from '../helpers/fake-responses.ts';
import { stopWorker } from '../helpers/worker.ts';

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
const codex = ensureAgentCli('codex');

/** The scripted model: read notes.txt with a command, run the tests, finish. */
function script(body: ResponsesBody, text: string): ResponsesReply {
  const outputs = toolOutputs(body);
  // Session 2's context repeats session 1's prompt: its own prompt decides.
  if (!text.includes('read notes.txt') || text.includes('what do you remember')) {
    return { text: 'ok' };
  }
  if (outputs.length === 0) return { call: 'exec_command', args: { cmd: 'cat notes.txt' } };
  if (outputs.length === 1) return { call: 'exec_command', args: { cmd: 'echo tests pass' } };
  return { text: 'done' };
}

interface Setup {
  home: TestHome;
  fake: FakeResponses;
  project: string;
  codexHome: string;
  configBefore: string;
  env: NodeJS.ProcessEnv;
}

async function setUp(): Promise<Setup> {
  const fake = await startFakeResponses(script);
  const home = await createTestHome({ CLAUDE_MEM_COMPRESS_PROVIDER: 'heuristic' });
  const root = dirname(home.dataDir);
  const project = join(root, 'shop');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'notes.txt'), 'Release codename: bluefin\n');
  execFileSync('git', ['init', '-q'], { cwd: project });
  const codexHome = join(root, 'codex-home');
  const configBefore = writeCodexConfig(codexHome, fake.url);
  const env = { ...home.env, CODEX_HOME: codexHome };
  return { home, fake, project, codexHome, configBefore, env };
}

/** Waits until the captured events are compressed into observations. */
async function waitForMemory(home: TestHome): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    const [row] = queryDb<{ obs: number; pending: number }>(
      home.dataDir,
      `SELECT (SELECT COUNT(*) FROM observations) AS obs,
              (SELECT COUNT(*) FROM events WHERE state = 'pending') AS pending`,
    );
    if (row && row.obs > 0 && row.pending === 0) return;
    await sleep(200);
  }
}

describe(
  'the real Codex CLI with claude-mem installed (--agent codex)',
  { skip: codex.bin ? false : codex.reason },
  () => {
    let setup: Setup;
    let installOutput = '';
    const runs: Array<{ code: number | null; stderr: string }> = [];
    let session2: string[] = [];
    before(async () => {
      setup = await setUp();
      installOutput = (await cli(['install', '--agent', 'codex'], setup.env, setup.project)).stdout;
      const bin = codex.bin ?? '';
      runs.push(
        await runCodex(bin, 'read notes.txt and run the tests', {
          env: setup.env,
          cwd: setup.project,
        }),
      );
      await waitForMemory(setup.home);
      const seen = setup.fake.turns().length;
      runs.push(
        await runCodex(bin, 'what do you remember about this project?', {
          env: setup.env,
          cwd: setup.project,
        }),
      );
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

    it('installs the hooks in hooks.json and the MCP server in config.toml', () => {
      assert.match(installOutput, /codex: updated .*hooks\.json/);
      const config = readFileSync(join(setup.codexHome, 'config.toml'), 'utf8');
      assert.match(config, /\[mcp_servers\.claude-mem\]/);
      assert.ok(config.startsWith(setup.configBefore), 'the user config is kept as it was');
    });

    it('runs both sessions to the end', () => {
      assert.deepEqual(
        runs.map((run) => run.code),
        [0, 0],
        runs.map((run) => run.stderr).join('\n'),
      );
    });

    it('stores the sessions as codex sessions, with the prompt and both commands', () => {
      const sessions = queryDb<{ agent: string }>(setup.home.dataDir, 'SELECT agent FROM sessions');
      assert.ok(
        sessions.length >= 1 && sessions.every((row) => row.agent === 'codex'),
        JSON.stringify(sessions),
      );
      const tools = queryDb<{ tool_name: string; input: string }>(
        setup.home.dataDir,
        `SELECT tool_name, tool_input AS input FROM events ORDER BY id`,
      );
      assert.deepEqual(
        tools.map((row) => row.tool_name),
        ['Bash', 'Bash'],
      );
      assert.match(tools[0]?.input ?? '', /cat notes\.txt/);
      const prompts = queryDb<{ text: string }>(setup.home.dataDir, 'SELECT text FROM prompts');
      assert.ok(
        prompts.some((row) => row.text.includes('read notes.txt')),
        JSON.stringify(prompts),
      );
    });

    it('compresses session 1 into observations recorded as made by codex', () => {
      const rows = queryDb<{ agent: string; title: string }>(
        setup.home.dataDir,
        'SELECT agent, title FROM observations',
      );
      assert.ok(rows.length >= 1, 'no observation');
      assert.ok(
        rows.every((row) => row.agent === 'codex'),
        JSON.stringify(rows),
      );
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
        `${session2.length} requests in session 2, none with the memory of ${JSON.stringify(titles)}`,
      );
    });

    it('uninstall leaves config.toml as it was, to the byte, and removes hooks.json', async () => {
      await cli(['uninstall', '--agent', 'codex'], setup.env, setup.project);
      assert.equal(readFileSync(join(setup.codexHome, 'config.toml'), 'utf8'), setup.configBefore);
      assert.equal(existsSync(join(setup.codexHome, 'hooks.json')), false);
    });
  },
);
