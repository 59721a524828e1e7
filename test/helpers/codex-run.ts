import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { runProcess } from './run-process.ts';

/**
 * A Codex home whose only model provider is the fake Responses server: `codex exec` then makes
 * no request anywhere else (no login, no update check in exec mode).
 */
export function writeCodexConfig(codexHome: string, fakeUrl: string): string {
  mkdirSync(codexHome, { recursive: true });
  const text = [
    'model = "gpt-test"',
    'model_provider = "fake"',
    '',
    '[model_providers.fake]',
    'name = "fake"',
    `base_url = "${fakeUrl}/v1"`,
    'wire_api = "responses"',
    'env_key = "CODEX_FAKE_KEY"',
    '',
  ].join('\n');
  writeFileSync(join(codexHome, 'config.toml'), text);
  return text;
}

/**
 * `codex exec` with the prompt. `--dangerously-bypass-hook-trust`: hooks need the user's trust
 * once (stored as hashes in config.toml by Codex's /hooks review), which an automated run
 * cannot give; the flag is Codex's own way for automation.
 */
export function runCodex(
  bin: string,
  prompt: string,
  options: { env: NodeJS.ProcessEnv; cwd: string },
): Promise<HookRun> {
  const args = [
    'exec',
    '--skip-git-repo-check',
    '--dangerously-bypass-hook-trust',
    '--dangerously-bypass-approvals-and-sandbox',
    prompt,
  ];
  return runProcess(bin, args, {
    env: { ...options.env, CODEX_FAKE_KEY: 'dummy' },
    cwd: options.cwd,
  });
}
