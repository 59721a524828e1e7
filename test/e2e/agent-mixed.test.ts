import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureAgentCli } from '../helpers/agent-cli.ts';
import { createAgentProject } from '../helpers/agent-scenario.ts';
import {
  allToolResults,
  hasClaude,
  offeredTools,
  offlineClaudeEnv,
  runClaude,
  toolUse,
} from '../helpers/claude-cli.ts';
import { cli } from '../helpers/cli.ts';
import { runCodex, writeCodexConfig } from '../helpers/codex-run.ts';
import { queryDb } from '../helpers/db.ts';
import type { TestHome } from '../helpers/env.ts';
import {
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeReply,
  type MessagesBody,
} from '../helpers/fake-anthropic.ts';
import { startFakeResponses, toolOutputs, type FakeResponses } from '../helpers/fake-responses.ts';
import { waitForCounts } from '../helpers/wait-for-counts.ts';
import { stopWorker } from '../helpers/worker.ts';

const codex = ensureAgentCli('codex');
const skip = !hasClaude() ? 'no Claude Code binary' : codex.bin ? false : codex.reason;

/** Claude Code's scripted model: read notes.txt, then run the tests. */
function claudeScript(project: string) {
  return (body: MessagesBody): FakeReply => {
    if (offeredTools(body).length === 0) return { kind: 'message', content: 'ok' };
    const results = allToolResults(body);
    if (results.length === 0) return toolUse('Read', { file_path: join(project, 'notes.txt') });
    if (results.length === 1) return toolUse('Bash', { command: 'echo claude suite passes' });
    return { kind: 'message', content: 'done' };
  };
}

interface Setup {
  home: TestHome;
  anthropic: FakeAnthropic;
  responses: FakeResponses;
  project: string;
  env: NodeJS.ProcessEnv;
}

async function setUp(): Promise<Setup> {
  const { home, root, project } = await createAgentProject();
  const anthropic = await startFakeAnthropic();
  anthropic.respondWith(claudeScript(project));
  const responses = await startFakeResponses((body) => {
    const outputs = toolOutputs(body);
    if (outputs.length === 0) return { call: 'exec_command', args: { cmd: 'cat notes.txt' } };
    if (outputs.length === 1)
      return { call: 'exec_command', args: { cmd: 'echo codex lint passes' } };
    return { text: 'done' };
  });
  const codexHome = join(root, 'codex-home');
  writeCodexConfig(codexHome, responses.url);
  const tmp = join(root, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const env = offlineClaudeEnv({ ...home.env, CODEX_HOME: codexHome, TMPDIR: tmp }, anthropic.url);
  return { home, anthropic, responses, project, env };
}

async function waitForBothAgents(home: TestHome): Promise<void> {
  await waitForCounts(home, { agents: 'SELECT COUNT(DISTINCT agent) FROM observations' }, 2);
}

describe('a Claude Code session and a Codex session on one repository', { skip }, () => {
  let setup: Setup;
  let codes: Array<number | null> = [];
  let context = '';
  let codexContext = '';
  before(async () => {
    setup = await setUp();
    await cli(['install'], setup.env, setup.project);
    await cli(['install', '--agent', 'codex'], setup.env, setup.project);
    const claude = await runClaude('read notes.txt and run the tests', {
      env: setup.env,
      cwd: setup.project,
    });
    const codexRun = await runCodex(codex.bin ?? '', 'read notes.txt and run the linter', {
      env: setup.env,
      cwd: setup.project,
    });
    codes = [claude.code, codexRun.code];
    await waitForBothAgents(setup.home);
    context = (await cli(['context'], setup.env, setup.project)).stdout;
    codexContext = (await cli(['context', '--agent', 'codex'], setup.env, setup.project)).stdout;
  });
  after(async () => {
    await stopWorker(setup.home);
    await setup.anthropic.close();
    await setup.responses.close();
    setup.home.cleanup();
  });

  it('runs both agents to the end', () => {
    assert.deepEqual(codes, [0, 0]);
  });

  it('stores one session per agent, both in the one project', () => {
    const rows = queryDb<{ agent: string; project: string }>(
      setup.home.dataDir,
      'SELECT agent, project FROM sessions ORDER BY agent',
    );
    assert.deepEqual(
      rows.map((row) => row.agent),
      ['claude', 'codex'],
    );
    assert.equal(new Set(rows.map((row) => row.project)).size, 1, JSON.stringify(rows));
  });

  it("puts both sessions' observations into the one context", () => {
    const rows = queryDb<{ agent: string; title: string }>(
      setup.home.dataDir,
      'SELECT agent, title FROM observations',
    );
    for (const agent of ['claude', 'codex']) {
      const titles = rows.filter((row) => row.agent === agent).map((row) => row.title);
      assert.ok(titles.length > 0, `no observation by ${agent}`);
      assert.ok(
        titles.some((title) => context.includes(title)),
        `the context holds none of ${agent}'s ${JSON.stringify(titles)}:\n${context}`,
      );
    }
  });

  it("names the agent beside the Codex session's memories, as the context mixes agents", () => {
    assert.match(context, /^#\d+ .*\[codex\] /m);
    assert.doesNotMatch(context, /\[claude\]/);
  });

  it("context --agent codex holds only the Codex session's observations", () => {
    const rows = queryDb<{ agent: string; title: string }>(
      setup.home.dataDir,
      'SELECT agent, title FROM observations',
    );
    const codexTitles = rows.filter((row) => row.agent === 'codex').map((row) => row.title);
    const claudeOnly = rows
      .filter((row) => row.agent === 'claude' && !codexTitles.includes(row.title))
      .map((row) => row.title);
    assert.ok(
      codexTitles.some((title) => codexContext.includes(title)),
      codexContext,
    );
    assert.deepEqual(
      claudeOnly.filter((title) => codexContext.includes(title)),
      [],
      codexContext,
    );
  });
});
