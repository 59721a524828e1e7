import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before } from 'node:test';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { isCompressorRequest, offlineClaudeEnv, runClaude } from './claude-cli.ts';
import { cli } from './cli.ts';
import { createTestHome, type TestHome } from './env.ts';
import {
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeReply,
  type MessagesBody,
} from './fake-anthropic.ts';
import { stopWorker } from './worker.ts';

/**
 * A run of the real `claude` against one fake Anthropic server, which answers both Claude Code
 * (through `env`) and claude-mem's compressor (the home's anthropic provider).
 */
export interface ClaudeProject {
  home: TestHome;
  fake: FakeAnthropic;
  /** An empty git repository, `shop`, beside the data folder. */
  project: string;
  env: NodeJS.ProcessEnv;
}

/** Starts the fake, creates the home and the project; the caller scripts the fake. */
export async function startClaudeProject(): Promise<ClaudeProject> {
  const fake = await startFakeAnthropic();
  const home = await createTestHome({
    CLAUDE_MEM_COMPRESS_PROVIDER: 'anthropic',
    CLAUDE_MEM_COMPRESS_ANTHROPIC_BASE_URL: fake.url,
  });
  const root = dirname(home.dataDir);
  const project = join(root, 'shop');
  mkdirSync(project, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: project });
  const env = offlineClaudeEnv({ ...home.env, TMPDIR: join(root, 'tmp') }, fake.url);
  mkdirSync(env.TMPDIR ?? '', { recursive: true });
  return { home, fake, project, env };
}

/** Stops the worker and the fake, and removes the home. */
export async function stopClaudeProject(setup: ClaudeProject): Promise<void> {
  await stopWorker(setup.home);
  await setup.fake.close();
  setup.home.cleanup();
}

/** Claude Code's own requests to the model (not the compressor's) from the `from`-th on. */
export function claudeRequestsFrom(fake: FakeAnthropic, from = 0): MessagesBody[] {
  return fake
    .messageRequests()
    .slice(from)
    .map((request) => request.json as MessagesBody)
    .filter((body) => !isCompressorRequest(body));
}

/** Two `claude` runs in the project, and Claude Code's requests of the second. */
export interface ClaudeSessions {
  first: HookRun;
  second: HookRun;
  session2: MessagesBody[];
}

/**
 * Runs session 1 with the first prompt, then `between` (waiting for its memory, changing a
 * file), then session 2 with the second; `extra` are more `claude` arguments for both.
 */
async function twoClaudeSessions(
  setup: ClaudeProject,
  prompts: readonly [string, string],
  between: () => Promise<unknown>,
  extra: string[] = [],
): Promise<ClaudeSessions> {
  const options = { env: setup.env, cwd: setup.project, extra };
  const first = await runClaude(prompts[0], options);
  await between();
  const before = setup.fake.messageRequests().length;
  const second = await runClaude(prompts[1], options);
  return { first, second, session2: claudeRequestsFrom(setup.fake, before) };
}

/** What a suite's two sessions do: the scripted model, the prompts, the project, the pause. */
export interface ClaudeSessionsPlan {
  script(project: string): (body: MessagesBody) => FakeReply;
  prompts: readonly [string, string];
  /** Writes the project's files before session 1. */
  prepare?(project: string): void;
  /** Between the sessions: waits for session 1's memory (and changes a file). */
  between(setup: ClaudeProject): Promise<unknown>;
  /** More `claude` arguments; with them (`--plugin-dir`), claude-mem is not installed. */
  extra?: string[];
}

/** The project and the two sessions, for a suite's tests to read once its `before` ran. */
export interface ClaudeSuiteRun extends ClaudeSessions {
  setup: ClaudeProject;
}

/**
 * Registers, inside a `describe`, the `before` that starts the project, scripts the fake,
 * installs claude-mem (unless `extra` loads it otherwise) and runs the two sessions, and the
 * `after` that stops it all.
 */
export function claudeSessions(plan: ClaudeSessionsPlan): ClaudeSuiteRun {
  const run = {} as ClaudeSuiteRun;
  before(async function runClaudeSessions() {
    const setup = await startClaudeProject();
    run.setup = setup;
    plan.prepare?.(setup.project);
    setup.fake.respondWith(plan.script(setup.project));
    if (!plan.extra) await cli(['install'], setup.env, setup.project);
    const sessions = await twoClaudeSessions(
      setup,
      plan.prompts,
      () => plan.between(setup),
      plan.extra,
    );
    Object.assign(run, sessions);
  });
  after(() => stopClaudeProject(run.setup));
  return run;
}
