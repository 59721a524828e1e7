import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../../../test/helpers/temp-dir.ts';
import { planAgentInstall } from '../install/agents/agent-files.ts';
import { agentSpec } from '../install/agents/specs.ts';
import { applyChanges } from '../install/file-plan.ts';
import { checkAgents, codexTrusted, installedAgents } from './agent-checks.ts';

const CLI = '/opt/claude-mem/dist/cli.mjs';

test('doctor says "not installed" of agents never installed, and checks those that are', (t) => {
  const home = tempDir(t);
  const env = { HOME: home, CODEX_HOME: join(home, '.codex') };
  assert.deepEqual(
    checkAgents(CLI, env).map((r) => [r.name, r.ok, r.detail.startsWith('not installed')]),
    [
      ['codex', true, true],
      ['gemini', true, true],
      ['copilot', true, true],
    ],
  );
  assert.deepEqual(installedAgents(CLI, env), []);
  const bundles = { hookBundle: '/opt/claude-mem/dist/hook.cjs', cliEntry: CLI };
  for (const agent of ['codex', 'gemini']) {
    applyChanges(planAgentInstall(agentSpec(agent, env), bundles, env));
  }
  const results = checkAgents(CLI, env);
  assert.deepEqual(
    results.map((r) => [r.name, r.ok, r.warning === true]),
    [
      ['codex', true, true],
      ['gemini', true, false],
      ['copilot', true, false],
    ],
  );
  assert.deepEqual(installedAgents(CLI, env), ['codex', 'gemini']);
  assert.match(results[0]?.detail ?? '', /0 of 5 trusted: start codex and trust them in \/hooks/);
});

test("Codex's trust is counted from config.toml's hooks.state tables naming our hooks file", (t) => {
  const dir = tempDir(t);
  mkdirSync(dir, { recursive: true });
  const hooks = join(dir, 'hooks.json');
  const config = [
    'model = "o3"',
    `[hooks.state."${hooks}:session_start:0:0"]`,
    'trusted_hash = "sha256:abc"',
    `[hooks.state."${hooks}:stop:0:0"]`,
    'enabled = true',
    '[hooks.state."/other/hooks.json:stop:0:0"]',
    'trusted_hash = "sha256:def"',
  ].join('\n');
  writeFileSync(join(dir, 'config.toml'), config);
  assert.equal(codexTrusted(config, hooks), 1);
});
