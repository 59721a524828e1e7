import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  allToolResults,
  compressorReply,
  hasClaude,
  isCompressorRequest,
  lastToolResults,
  offeredTools,
  runClaude,
  toolUse,
} from '../helpers/claude-cli.ts';
import {
  claudeRequestsFrom,
  claudeSessions,
  type ClaudeSuiteRun,
} from '../helpers/claude-project.ts';
import { queryDb } from '../helpers/db.ts';
import {
  requestText,
  type FakeAnthropic,
  type FakeReply,
  type MessagesBody,
} from '../helpers/fake-anthropic.ts';
import type { TestHome } from '../helpers/env.ts';
import { waitForCounts } from '../helpers/wait-for-counts.ts';

const TITLE = 'Release codename bluefin found in notes.txt';
const ROOT = join(import.meta.dirname, '..', '..');

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
      return toolUse('Read', { file_path: join(project, 'notes.txt') });
    }
    if (earlier.some((result) => result.includes('bluefin')) && !text.includes('tests pass')) {
      return toolUse('Bash', { command: 'echo tests pass', description: 'Run the tests' });
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
    return toolUse(search, { query: 'bluefin' });
  }
  return toolUse('ToolSearch', { query: `select:${search}` });
}

/** Waits until session 1's events are compressed into observations and a summary. */
async function waitForMemory(home: TestHome): Promise<void> {
  const counts = {
    obs: 'SELECT COUNT(*) FROM observations',
    sums: 'SELECT COUNT(*) FROM summaries',
  };
  await waitForCounts(home, counts);
}

const mainRequestsWith = (fake: FakeAnthropic, needle: string): number =>
  claudeRequestsFrom(fake).filter((body) => requestText(body).includes(needle)).length;

/**
 * Session 1 (read + bash), then session 2 in the same project; the model's tool results land in
 * `toolResults`. Without `extra`, claude-mem is installed; with it, loaded as a plugin.
 */
const twoSessions = (toolResults: string[], extra?: string[]): ClaudeSuiteRun =>
  claudeSessions({
    script: (project) => script(project, toolResults),
    prompts: ['read notes.txt and run the tests', 'what do you remember about this project?'],
    prepare: (project) => writeFileSync(join(project, 'notes.txt'), 'Release codename: bluefin\n'),
    between: (setup) => waitForMemory(setup.home),
    extra,
  });

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
  const toolResults: string[] = [];
  const run = twoSessions(toolResults);

  it('runs both sessions to the end', () => {
    assert.deepEqual(
      [run.first.code, run.second.code],
      [0, 0],
      run.first.stderr + run.second.stderr,
    );
  });

  it('stores the session, the prompt, both tool events, observations and a summary', () => {
    const counts = storedCounts(run.setup.home);
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
      env: run.setup.env,
      cwd: run.setup.project,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.ok(
      toolResults.some((text) => text.includes(TITLE)),
      toolResults.join('\n---\n').slice(0, 2000),
    );
  });
});

describe(
  'the real Claude Code CLI with claude-mem as a plugin (--plugin-dir)',
  { skip: !hasClaude() },
  () => {
    const run = twoSessions([], ['--plugin-dir', ROOT]);

    it('captures session 1 and injects its memory into session 2', () => {
      const counts = storedCounts(run.setup.home);
      assert.ok(counts && counts.tools === 2 && counts.observations >= 1, JSON.stringify(counts));
      assert.ok(mainRequestsWith(run.setup.fake, TITLE) >= 1);
      assert.ok(run.session2.some((body) => requestText(body).includes('<claude-mem-context>')));
    });
  },
);
