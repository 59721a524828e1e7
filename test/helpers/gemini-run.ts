import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HookRun } from '../../src/cli/hook-process.ts';

/** Gemini CLI's user settings for an offline run: API-key auth, no telemetry, no update check. */
export function writeGeminiSettings(home: string): string {
  const dir = join(home, '.gemini');
  mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(
    {
      security: { auth: { selectedType: 'gemini-api-key' } },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
    },
    null,
    2,
  )}\n`;
  writeFileSync(join(dir, 'settings.json'), text);
  return text;
}

/**
 * `gemini -p <prompt> --yolo` against the fake Gemini API (GOOGLE_GEMINI_BASE_URL). The folder is
 * trusted by GEMINI_CLI_TRUST_WORKSPACE, Gemini CLI's own switch for headless runs.
 */
export function runGemini(
  bin: string,
  prompt: string,
  options: { env: NodeJS.ProcessEnv; cwd: string; fakeUrl: string },
): Promise<HookRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-p', prompt, '--yolo'], {
      env: {
        ...options.env,
        GEMINI_API_KEY: 'dummy',
        GOOGLE_GEMINI_BASE_URL: options.fakeUrl,
        GEMINI_CLI_TRUST_WORKSPACE: 'true',
      },
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
