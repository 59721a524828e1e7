import { spawn } from 'node:child_process';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { CLI_BUNDLE } from './env.ts';

/** Longer than any command of the suite takes; a command past it is killed and named. */
const CLI_TIMEOUT_MS = 180_000;

/** Runs `node dist/cli.mjs <args>` with exactly `env` and collects what it printed. */
export function cli(args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<HookRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BUNDLE, ...args], {
      env,
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    // The output streams close when every holder of them does: a worker the command started
    // and left holding them would keep this waiting, so the wait is bounded and says so.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `waited ${CLI_TIMEOUT_MS / 1000} s for \`claude-mem ${args.join(' ')}\` to exit and close its output; stderr so far: ${Buffer.concat(err).toString('utf8').slice(-500)}`,
        ),
      );
    }, CLI_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
}
