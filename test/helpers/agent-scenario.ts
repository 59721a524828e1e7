import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { ensureAgentCli, type AGENT_CLIS } from './agent-cli.ts';
import { cli } from './cli.ts';
import { queryDb } from './db.ts';
import { createTestHome, type TestHome } from './env.ts';
import type { RecordedRequest } from './fake-llm-http.ts';
import { waitForCounts } from './wait-for-counts.ts';
import { stopWorker } from './worker.ts';

/** An agent whose real CLI a suite runs. */
export type AgentName = keyof typeof AGENT_CLIS;

/** A fresh home (heuristic compressor) and, beside it, the git repository `shop` with notes.txt. */
export interface AgentProject {
  home: TestHome;
  root: string;
  project: string;
}

/** Creates the home and the project every agent suite runs in. */
export async function createAgentProject(): Promise<AgentProject> {
  const home = await createTestHome({ CLAUDE_MEM_COMPRESS_PROVIDER: 'heuristic' });
  const root = dirname(home.dataDir);
  const project = join(root, 'shop');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'notes.txt'), 'Release codename: bluefin\n');
  execFileSync('git', ['init', '-q'], { cwd: project });
  return { home, root, project };
}

/** Waits until the captured events are compressed: observations stored, nothing pending. */
async function waitForMemory(home: TestHome): Promise<void> {
  await waitForCounts(home, { obs: 'SELECT COUNT(*) FROM observations' });
}

/** A scripted model's next step, on the Responses and the Gemini wire alike: a tool call or text. */
type ScriptedReply = { call: string; args: Record<string, unknown> } | { text: string };

/** The scripted model: its reply to a request with this prompt text and this many tool results. */
export type ScriptedModel = (text: string, results: number) => ScriptedReply;

/**
 * The model of session 1 ("read notes.txt and run the tests"): `calls` in order, one per tool
 * result so far, then "done". Any other prompt gets "ok".
 */
function sessionOneModel(calls: readonly ScriptedReply[]): ScriptedModel {
  return function answer(text: string, results: number): ScriptedReply {
    // Session 2's context repeats session 1's prompt: its own prompt decides.
    if (!text.includes('read notes.txt') || text.includes('what do you remember')) {
      return { text: 'ok' };
    }
    return calls[results] ?? { text: 'done' };
  };
}

/** An agent suite's set-up: the project, the fake model server and the agent's env. */
export interface AgentSetup extends AgentProject {
  fake: { url: string; turns(): RecordedRequest[]; close(): Promise<void> };
  env: NodeJS.ProcessEnv;
}

/** What differs between the agents: how the fake and the config are set up, how a run starts. */
export interface AgentScenario<S extends AgentSetup> {
  agent: AgentName;
  /** The model's tool calls in session 1, in the agent's own tool names. */
  calls(project: string): ScriptedReply[];
  /** Starts the fake model server that answers with `model`, and writes the agent's config. */
  setUp(project: AgentProject, model: ScriptedModel): Promise<S>;
  /** Reads what install wrote, before the sessions run. */
  afterInstall?(setup: S): void;
  run(setup: S, prompt: string): Promise<HookRun>;
}

/** What the two sessions left, for the suite's tests to read. */
export interface TwoSessions<S> {
  setup: S;
  installOutput: string;
  runs: HookRun[];
  /** The bodies of the model requests of session 2. */
  session2: string[];
  /** `claude-mem uninstall --agent <agent>` in the project. */
  uninstall(): Promise<HookRun>;
}

/**
 * Registers, inside a `describe`, the `before` that installs claude-mem for the agent, runs
 * session 1 (read notes.txt, run the tests), waits for its memory and runs session 2 ("what do
 * you remember"), and the `after` that stops the worker and the fake and removes the home.
 */
function twoAgentSessions<S extends AgentSetup>(scenario: AgentScenario<S>): TwoSessions<S> {
  const state = {
    installOutput: '',
    runs: [],
    session2: [],
    uninstall: () =>
      cli(['uninstall', '--agent', scenario.agent], state.setup.env, state.setup.project),
  } as unknown as TwoSessions<S>;
  before(async function runTwoSessions() {
    const project = await createAgentProject();
    const setup = await scenario.setUp(project, sessionOneModel(scenario.calls(project.project)));
    state.setup = setup;
    const install = ['install', '--agent', scenario.agent];
    state.installOutput = (await cli(install, setup.env, setup.project)).stdout;
    scenario.afterInstall?.(setup);
    state.runs.push(await scenario.run(setup, 'read notes.txt and run the tests'));
    await waitForMemory(setup.home);
    const seen = setup.fake.turns().length;
    state.runs.push(await scenario.run(setup, 'what do you remember about this project?'));
    state.session2 = setup.fake
      .turns()
      .slice(seen)
      .map((request) => request.body);
  });
  after(async function endTwoSessions() {
    await stopWorker(state.setup.home);
    await state.setup.fake.close();
    state.setup.home.cleanup();
  });
  return state;
}

/** What the agent's session 1 stores: its tool names in order, and the first one's input. */
export interface ExpectedEvents {
  tools: string[];
  firstInput: RegExp;
}

/**
 * The tests every agent's two sessions must pass: both end with 0; the sessions, events and
 * observations are stored as the agent's; session 2's model requests carry the memory.
 */
function itRemembersAcrossSessions<S extends AgentSetup>(
  agent: AgentName,
  sessions: TwoSessions<S>,
  expected: ExpectedEvents,
): void {
  const rows = <T>(sql: string): T[] => queryDb<T>(sessions.setup.home.dataDir, sql);
  it('runs both sessions to the end', () => {
    assert.deepEqual(
      sessions.runs.map((run) => run.code),
      [0, 0],
      sessions.runs.map((run) => run.stderr).join('\n'),
    );
  });
  it(`stores ${agent} sessions with the ${expected.tools.join(' and ')} events`, () => {
    const stored = rows<{ agent: string }>('SELECT agent FROM sessions');
    assert.ok(
      stored.length >= 1 && stored.every((row) => row.agent === agent),
      JSON.stringify(stored),
    );
    const tools = rows<{ tool_name: string; input: string }>(
      'SELECT tool_name, tool_input AS input FROM events ORDER BY id',
    );
    assert.deepEqual(
      tools.map((row) => row.tool_name),
      expected.tools,
    );
    assert.match(tools[0]?.input ?? '', expected.firstInput);
  });
  it(`compresses session 1 into observations made by ${agent}`, () => {
    const made = rows<{ agent: string }>('SELECT agent FROM observations');
    assert.ok(made.length >= 1 && made.every((row) => row.agent === agent), JSON.stringify(made));
  });
  it('carries the remembered observation in the model requests of session 2', () => {
    const titles = rows<{ title: string }>('SELECT title FROM observations').map(
      (row) => row.title,
    );
    const withMemory = sessions.session2.filter(
      (body) =>
        body.includes('claude-mem-context') &&
        titles.some((title) => body.includes(JSON.stringify(title).slice(1, -1))),
    );
    assert.ok(
      withMemory.length >= 1,
      `${sessions.session2.length} requests in session 2, none with ${JSON.stringify(titles)}`,
    );
  });
}

/** An agent's suite: its scenario, what session 1 must store, and its own tests. */
export interface AgentSuite<S extends AgentSetup> extends Omit<AgentScenario<S>, 'run'> {
  title: string;
  /** Runs the agent's CLI (`bin`, the pinned install) with the prompt. */
  run(bin: string, setup: S, prompt: string): Promise<HookRun>;
  expected: ExpectedEvents;
  /** The agent's own tests (what install wrote, what uninstall left), after the shared ones. */
  tests(sessions: TwoSessions<S>): void;
}

/**
 * The suite of one agent's real CLI: skipped, saying why, when the pinned CLI cannot be
 * installed; else the two sessions, the shared tests and the agent's own.
 */
export function describeAgentSuite<S extends AgentSetup>(suite: AgentSuite<S>): void {
  const agentCli = ensureAgentCli(suite.agent);
  describe(suite.title, { skip: agentCli.bin ? false : agentCli.reason }, () => {
    const bin = agentCli.bin ?? '';
    const sessions = twoAgentSessions<S>({
      ...suite,
      run: (setup, prompt) => suite.run(bin, setup, prompt),
    });
    itRemembersAcrossSessions(suite.agent, sessions, suite.expected);
    suite.tests(sessions);
  });
}
