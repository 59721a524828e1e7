import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureAgentCli } from '../helpers/agent-cli.ts';
import { cli } from '../helpers/cli.ts';
import { runCopilot } from '../helpers/copilot-run.ts';
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
const copilot = ensureAgentCli('copilot');

/** The scripted model: view notes.txt, run the tests in bash, finish. */
function script(project: string) {
  return (body: ResponsesBody, text: string): ResponsesReply => {
    if (!text.includes('read notes.txt') || text.includes('what do you remember')) {
      return { text: 'ok' };
    }
    const outputs = toolOutputs(body);
    if (outputs.length === 0) return { call: 'view', args: { path: join(project, 'notes.txt') } };
    if (outputs.length === 1) {
      return { call: 'bash', args: { command: 'echo tests pass', description: 'run the tests' } };
    }
    return { text: 'done' };
  };
}

interface Setup {
  home: TestHome;
  fake: FakeResponses;
  project: string;
  copilotHome: string;
  mcpBefore: string;
  env: NodeJS.ProcessEnv;
}

async function setUp(): Promise<Setup> {
  const home = await createTestHome({ CLAUDE_MEM_COMPRESS_PROVIDER: 'heuristic' });
  const root = dirname(home.dataDir);
  const project = join(root, 'shop');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'notes.txt'), 'Release codename: bluefin\n');
  execFileSync('git', ['init', '-q'], { cwd: project });
  const fake = await startFakeResponses(script(project));
  const copilotHome = join(root, 'copilot-home');
  mkdirSync(copilotHome, { recursive: true });
  // The user's own MCP server: install must keep it, uninstall must leave the file as it was.
  const mcpBefore =
    '{\n  "mcpServers": {\n    "other": { "type": "local", "command": "other-mcp", "tools": ["*"] }\n  }\n}\n';
  writeFileSync(join(copilotHome, 'mcp-config.json'), mcpBefore);
  return {
    home,
    fake,
    project,
    copilotHome,
    mcpBefore,
    env: { ...home.env, COPILOT_HOME: copilotHome },
  };
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
  'the real GitHub Copilot CLI with claude-mem installed (--agent copilot)',
  { skip: copilot.bin ? false : copilot.reason },
  () => {
    let setup: Setup;
    const runs: Array<{ code: number | null; stdout: string; stderr: string }> = [];
    let session2: string[] = [];
    before(async () => {
      setup = await setUp();
      await cli(['install', '--agent', 'copilot'], setup.env, setup.project);
      const options = {
        env: setup.env,
        cwd: setup.project,
        fakeUrl: setup.fake.url,
        copilotHome: setup.copilotHome,
      };
      const bin = copilot.bin ?? '';
      runs.push(await runCopilot(bin, 'read notes.txt and run the tests', options));
      await waitForMemory(setup.home);
      const seen = setup.fake.turns().length;
      runs.push(await runCopilot(bin, 'what do you remember about this project?', options));
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

    it('installs hooks/claude-mem.json and the MCP server beside the user one', () => {
      const hooks = JSON.parse(
        readFileSync(join(setup.copilotHome, 'hooks', 'claude-mem.json'), 'utf8'),
      ) as { hooks: Record<string, unknown> };
      assert.ok(hooks.hooks.sessionStart && hooks.hooks.postToolUse && hooks.hooks.agentStop);
    });

    it('runs both sessions to the end', () => {
      assert.deepEqual(
        runs.map((run) => run.code),
        [0, 0],
        runs.map((run) => run.stderr).join('\n'),
      );
    });

    it('stores a copilot session with the prompt, the file read and the command', () => {
      const sessions = queryDb<{ agent: string }>(setup.home.dataDir, 'SELECT agent FROM sessions');
      assert.ok(sessions.length >= 1 && sessions.every((row) => row.agent === 'copilot'));
      const tools = queryDb<{ tool_name: string; input: string }>(
        setup.home.dataDir,
        'SELECT tool_name, tool_input AS input FROM events ORDER BY id',
      );
      assert.deepEqual(
        tools.map((row) => row.tool_name),
        ['Read', 'Bash'],
      );
      assert.match(tools[0]?.input ?? '', /"file_path":"[^"]*notes\.txt"/);
    });

    it('compresses session 1 into observations made by copilot', () => {
      const rows = queryDb<{ agent: string }>(setup.home.dataDir, 'SELECT agent FROM observations');
      assert.ok(rows.length >= 1 && rows.every((row) => row.agent === 'copilot'));
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

    it('uninstall removes the hooks file and leaves mcp-config.json as it was', async () => {
      await cli(['uninstall', '--agent', 'copilot'], setup.env, setup.project);
      assert.equal(existsSync(join(setup.copilotHome, 'hooks', 'claude-mem.json')), false);
      assert.equal(
        readFileSync(join(setup.copilotHome, 'mcp-config.json'), 'utf8'),
        setup.mcpBefore,
      );
    });
  },
);
