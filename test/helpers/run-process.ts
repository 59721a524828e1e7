import { spawn } from 'node:child_process';

/** What a finished process printed, and its exit code (null when killed). */
export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** How `runProcess` runs a program. */
export interface ProcessOptions {
  /** Exactly the environment it gets; without it, this process's. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Killed past this (default 120 s). */
  timeoutMs?: number;
  /** Written to its stdin, which is then closed; without it, stdin is ignored. */
  stdin?: string;
  /** Past the timeout, rejects with this error (given the stderr so far) instead of resolving. */
  timeoutError?: (stderr: string) => Error;
}

/** Runs `bin args`, collects its output, and kills it after `timeoutMs`. */
export function runProcess(
  bin: string,
  args: string[],
  options: ProcessOptions = {},
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      env: options.env,
      cwd: options.cwd,
      stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    const stderr = (): string => Buffer.concat(err).toString('utf8');
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      if (options.timeoutError) reject(options.timeoutError(stderr()));
    }, options.timeoutMs ?? 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: stderr() });
    });
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  });
}
