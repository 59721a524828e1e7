import { spawn } from 'node:child_process';

/** What a finished process printed, and its exit code (null when killed). */
export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `bin args` with no stdin, collects its output, and kills it after `timeoutMs`. */
export function runProcess(
  bin: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; timeoutMs?: number },
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      env: options.env,
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
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
