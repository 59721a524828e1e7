import { spawn } from 'node:child_process';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { CLI_BUNDLE } from './env.ts';

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
    child.on('close', (code) =>
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
  });
}
