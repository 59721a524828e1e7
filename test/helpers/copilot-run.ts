import type { HookRun } from '../../src/cli/hook-process.ts';
import { runProcess } from './run-process.ts';

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
  return runProcess(bin, ['-p', prompt, '--allow-all-tools'], { env: env, cwd: options.cwd });
}
