import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { isCompressorRequest, offlineClaudeEnv, runClaude } from './claude-cli.ts';
import { createTestHome, type TestHome } from './env.ts';
import { startFakeAnthropic, type FakeAnthropic, type MessagesBody } from './fake-anthropic.ts';
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
export async function twoClaudeSessions(
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
