import { spawn } from 'node:child_process';

/** What a hook process did. */
export interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real hook command `node <hookBundle> <event>` with `stdin` as its input, the way
 * Claude Code does. Used by the demo, tests and benchmarks.
 */
export function runHookProcess(
  hookBundle: string,
  event: string,
  stdin: string | Buffer,
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<HookRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [hookBundle, event], { env, cwd, stdio: 'pipe' });
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
    child.stdin.on('error', () => undefined); // The hook may exit before reading all of it.
    child.stdin.end(stdin);
  });
}
