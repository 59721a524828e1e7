import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { runProcess } from './run-process.ts';

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
  return runProcess(bin, ['-p', prompt, '--yolo'], {
    env: {
      ...options.env,
      GEMINI_API_KEY: 'dummy',
      GOOGLE_GEMINI_BASE_URL: options.fakeUrl,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    },
    cwd: options.cwd,
  });
}
