import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { describeAgentSuite, type AgentSetup } from '../helpers/agent-scenario.ts';
import { runCodex, writeCodexConfig } from '../helpers/codex-run.ts';
import { queryDb } from '../helpers/db.ts';
import { startFakeResponses, toolOutputs } from '../helpers/fake-responses.ts';

interface Setup extends AgentSetup {
  codexHome: string;
  configBefore: string;
}

describeAgentSuite<Setup>({
  title: 'the real Codex CLI with claude-mem installed (--agent codex)',
  agent: 'codex',
  calls: () => [
    { call: 'exec_command', args: { cmd: 'cat notes.txt' } },
    { call: 'exec_command', args: { cmd: 'echo tests pass' } },
  ],
  setUp: async (project, model) => {
    const fake = await startFakeResponses((body, text) => model(text, toolOutputs(body).length));
    const codexHome = join(project.root, 'codex-home');
    const configBefore = writeCodexConfig(codexHome, fake.url);
    const env = { ...project.home.env, CODEX_HOME: codexHome };
    return { ...project, fake, codexHome, configBefore, env };
  },
  run: (bin, setup, prompt) => runCodex(bin, prompt, { env: setup.env, cwd: setup.project }),
  expected: { tools: ['Bash', 'Bash'], firstInput: /cat notes\.txt/ },
  tests: (sessions) => {
    it('installs the hooks in hooks.json and the MCP server in config.toml', () => {
      assert.match(sessions.installOutput, /codex: updated .*hooks\.json/);
      const config = readFileSync(join(sessions.setup.codexHome, 'config.toml'), 'utf8');
      assert.match(config, /\[mcp_servers\.claude-mem\]/);
      assert.ok(
        config.startsWith(sessions.setup.configBefore),
        'the user config is kept as it was',
      );
    });

    it('stores the prompt of session 1', () => {
      const prompts = queryDb<{ text: string }>(
        sessions.setup.home.dataDir,
        'SELECT text FROM prompts',
      );
      assert.ok(
        prompts.some((row) => row.text.includes('read notes.txt')),
        JSON.stringify(prompts),
      );
    });

    it('uninstall leaves config.toml as it was, to the byte, and removes hooks.json', async () => {
      const { setup } = sessions;
      await sessions.uninstall();
      assert.equal(readFileSync(join(setup.codexHome, 'config.toml'), 'utf8'), setup.configBefore);
      assert.equal(existsSync(join(setup.codexHome, 'hooks.json')), false);
    });
  },
});
