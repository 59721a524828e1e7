import { spawn } from 'node:child_process';
import type { HookRun } from '../../src/cli/hook-process.ts';

/**
 * `copilot -p <prompt> --allow-all-tools` with its own model provider (Copilot CLI's BYOK
 * settings: COPILOT_PROVIDER_BASE_URL, an OpenAI Responses wire) pointed at the fake, and
 * COPILOT_OFFLINE so that it makes no GitHub call (no login, no update check).
 */
export function runCopilot(
  bin: string,
  prompt: string,
  options: { env: NodeJS.ProcessEnv; cwd: string; fakeUrl: string; copilotHome: string },
): Promise<HookRun> {
  const env = {
    ...options.env,
    COPILOT_HOME: options.copilotHome,
    COPILOT_CACHE_HOME: `${options.copilotHome}-cache`,
    COPILOT_PKG_CACHE_HOME: `${options.copilotHome}-cache`,
    COPILOT_OFFLINE: 'true',
    COPILOT_PROVIDER_BASE_URL: `${options.fakeUrl}/v1`,
    COPILOT_PROVIDER_TYPE: 'openai',
    COPILOT_PROVIDER_API_KEY: 'dummy',
    COPILOT_PROVIDER_WIRE_API: 'responses',
    COPILOT_MODEL: 'gpt-test',
  };
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-p', prompt, '--allow-all-tools'], {
      env,
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
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
