import type { HookRun } from '../../src/cli/hook-process.ts';
import { CLI_BUNDLE } from './env.ts';
import { runProcess } from './run-process.ts';

/** Longer than any command of the suite takes; a command past it is killed and named. */
const CLI_TIMEOUT_MS = 180_000;

/** Runs `node dist/cli.mjs <args>` with exactly `env` and collects what it printed. */
export function cli(args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<HookRun> {
  // The output streams close when every holder of them does: a worker the command started
  // and left holding them would keep this waiting, so the wait is bounded and says so.
  return runProcess(process.execPath, [CLI_BUNDLE, ...args], {
    env,
    cwd,
    timeoutMs: CLI_TIMEOUT_MS,
    timeoutError: (stderr) =>
      new Error(
        `waited ${CLI_TIMEOUT_MS / 1000} s for \`claude-mem ${args.join(' ')}\` to exit and close its output; stderr so far: ${stderr.slice(-500)}`,
      ),
  });
}
