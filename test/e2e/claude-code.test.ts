import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  allToolResults,
  compressorReply,
  hasClaude,
  isCompressorRequest,
  lastToolResults,
  offeredTools,
  offlineClaudeEnv,
  runClaude,
} from '../helpers/claude-cli.ts';
import { cli } from '../helpers/cli.ts';
import { queryDb } from '../helpers/db.ts';
import {
  requestText,
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeReply,
  type MessagesBody,
} from '../helpers/fake-anthropic.ts';
import { createTestHome, type TestHome } from '../helpers/env.ts';
import { stopWorker } from '../helpers/worker.ts';

const TITLE = 'Release codename bluefin found in notes.txt';
const ROOT = join(import.meta.dirname, '..', '..');
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** The scripted model: read a file, run a command, finish; or call the MCP search tool. */
function script(project: string, seenToolResults: string[]) {
  return (body: MessagesBody): FakeReply => {
    if (isCompressorRequest(body)) return compressorReply(body, TITLE);
    const tools = offeredTools(body);
    if (tools.length === 0) return { kind: 'message', content: 'ok' };
    const results = lastToolResults(body);
    seenToolResults.push(...results);
    const text = requestText(body);
    const earlier = allToolResults(body);
    if (text.includes('search your memory')) return searchTurn(tools, earlier);
    if (earlier.length === 0 && text.includes('read notes.txt')) {
      return {
        kind: 'message',
        content: [
          { type: 'tool_use', name: 'Read', input: { file_path: join(project, 'notes.txt') } },
        ],
        stopReason: 'tool_use',
      };
    }
    if (earlier.some((result) => result.includes('bluefin')) && !text.includes('tests pass')) {
      return {
        kind: 'message',
        content: [
          {
            type: 'tool_use',
            name: 'Bash',
            input: { command: 'echo tests pass', description: 'Run the tests' },
          },
        ],
        stopReason: 'tool_use',
      };
    }
    return { kind: 'message', content: 'done' };
  };
}

function searchTurn(tools: string[], results: string[]): FakeReply {
  const search = 'mcp__claude-mem__search';
  if (
    results.length > 0 &&
    results.some((result) => result.includes('bluefin') || result.includes('No '))
  ) {
    return { kind: 'message', content: 'found it' };
  }
  if (tools.includes(search)) {
    return {
      kind: 'message',
      content: [{ type: 'tool_use', name: search, input: { query: 'bluefin' } }],
      stopReason: 'tool_use',
    };
  }
  return {
    kind: 'message',
    content: [{ type: 'tool_use', name: 'ToolSearch', input: { query: `select:${search}` } }],
    stopReason: 'tool_use',
  };
}

interface Setup {
  home: TestHome;
  fake: FakeAnthropic;
  project: string;
  env: NodeJS.ProcessEnv;
  toolResults: string[];
}

async function setUp(): Promise<Setup> {
  const fake = await startFakeAnthropic();
  const home = await createTestHome({
    CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
    CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: fake.url,
  });
  const project = join(dirname(home.dataDir), 'shop');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'notes.txt'), 'Release codename: bluefin\n');
  execFileSync('git', ['init', '-q'], { cwd: project });
  const toolResults: string[] = [];
  fake.respondWith(script(project, toolResults));
  const env = offlineClaudeEnv(
    { ...home.env, TMPDIR: join(dirname(home.dataDir), 'tmp') },
    fake.url,
  );
  mkdirSync(env.TMPDIR ?? '', { recursive: true });
  return { home, fake, project, env, toolResults };
}

async function tearDown(setup: Setup): Promise<void> {
  await stopWorker(setup.home);
  await setup.fake.close();
  setup.home.cleanup();
}

/** Waits until session 1's events are compressed into observations and a summary. */
async function waitForMemory(home: TestHome): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    const [row] = queryDb<{ obs: number; sums: number; pending: number }>(
      home.dataDir,
      `SELECT (SELECT COUNT(*) FROM observations) AS obs, (SELECT COUNT(*) FROM summaries) AS sums,
              (SELECT COUNT(*) FROM events WHERE state = 'pending') AS pending`,
    );
    if (row && row.obs > 0 && row.sums > 0 && row.pending === 0) return;
    await sleep(200);
  }
}

function mainRequestsWith(fake: FakeAnthropic, needle: string): number {
  return fake
    .messageRequests()
    .map((request) => request.json as MessagesBody)
    .filter((body) => !isCompressorRequest(body) && requestText(body).includes(needle)).length;
}

/** Session 1 (read + bash), then session 2 in the same project; returns session 2's requests. */
async function twoSessions(setup: Setup, extra: string[]) {
  const first = await runClaude('read notes.txt and run the tests', {
    env: setup.env,
    cwd: setup.project,
    extra,
  });
  await waitForMemory(setup.home);
  const before = setup.fake.messageRequests().length;
  const second = await runClaude('what do you remember about this project?', {
    env: setup.env,
    cwd: setup.project,
    extra,
  });
  const session2 = setup.fake
    .messageRequests()
    .slice(before)
    .map((r) => r.json as MessagesBody)
    .filter((b) => !isCompressorRequest(b));
  return { first, second, session2 };
}

interface Counts {
  sessions: number;
  prompts: number;
  tools: number;
  observations: number;
  summaries: number;
}

function storedCounts(home: TestHome): Counts | undefined {
  const [row] = queryDb<Counts>(
    home.dataDir,
    `SELECT (SELECT COUNT(*) FROM sessions) AS sessions, (SELECT COUNT(*) FROM prompts) AS prompts,
            (SELECT COUNT(*) FROM events WHERE tool_name IN ('Read', 'Bash')) AS tools,
            (SELECT COUNT(*) FROM observations WHERE provider = 'anthropic') AS observations,
            (SELECT COUNT(*) FROM summaries) AS summaries`,
  );
  return row;
}

describe('the real Claude Code CLI with claude-mem installed', { skip: !hasClaude() }, () => {
  let setup: Setup;
  let run: Awaited<ReturnType<typeof twoSessions>>;
  before(async () => {
    setup = await setUp();
    await cli(['install'], setup.env, setup.project);
    run = await twoSessions(setup, []);
  });
  after(() => tearDown(setup));

  it('runs both sessions to the end', () => {
    assert.deepEqual(
      [run.first.code, run.second.code],
      [0, 0],
      run.first.stderr + run.second.stderr,
    );
  });

  it('stores the session, the prompt, both tool events, observations and a summary', () => {
    const counts = storedCounts(setup.home);
    assert.ok(
      counts && counts.sessions >= 1 && counts.prompts >= 1 && counts.tools === 2,
      JSON.stringify(counts),
    );
    assert.ok(counts && counts.observations >= 1 && counts.summaries >= 1, JSON.stringify(counts));
  });

  it('injects the memory of session 1 into the requests of session 2', () => {
    const withContext = run.session2.filter(
      (body) =>
        requestText(body).includes('<claude-mem-context>') && requestText(body).includes(TITLE),
    );
    assert.ok(
      withContext.length >= 1,
      `${run.session2.length} requests in session 2, none with the context`,
    );
  });

  it('lets the model call the MCP search tool and get the observation back', async () => {
    const result = await runClaude('search your memory for bluefin', {
      env: setup.env,
      cwd: setup.project,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.ok(
      setup.toolResults.some((text) => text.includes(TITLE)),
      setup.toolResults.join('\n---\n').slice(0, 2000),
    );
  });
});

describe(
  'the real Claude Code CLI with claude-mem as a plugin (--plugin-dir)',
  { skip: !hasClaude() },
  () => {
    let setup: Setup;
    let run: Awaited<ReturnType<typeof twoSessions>>;
    before(async () => {
      setup = await setUp();
      run = await twoSessions(setup, ['--plugin-dir', ROOT]);
    });
    after(() => tearDown(setup));

    it('captures session 1 and injects its memory into session 2', () => {
      const counts = storedCounts(setup.home);
      assert.ok(counts && counts.tools === 2 && counts.observations >= 1, JSON.stringify(counts));
      assert.ok(mainRequestsWith(setup.fake, TITLE) >= 1);
      assert.ok(run.session2.some((body) => requestText(body).includes('<claude-mem-context>')));
    });
  },
);
