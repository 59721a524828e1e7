import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { describeAgentSuite, type AgentSetup } from '../helpers/agent-scenario.ts';
import { functionResponses, startFakeGemini } from '../helpers/fake-gemini.ts';
import { runGemini, writeGeminiSettings } from '../helpers/gemini-run.ts';

interface Setup extends AgentSetup {
  settingsFile: string;
  settingsBefore: string;
}

let installed = '';

describeAgentSuite<Setup>({
  title: 'the real Gemini CLI with claude-mem installed (--agent gemini)',
  agent: 'gemini',
  calls: () => [
    { call: 'read_file', args: { file_path: 'notes.txt' } },
    { call: 'run_shell_command', args: { command: 'echo tests pass' } },
  ],
  setUp: async (project, model) => {
    const fake = await startFakeGemini((body, text) => model(text, functionResponses(body)));
    const userHome = project.home.env.HOME ?? project.root;
    const settingsBefore = writeGeminiSettings(userHome);
    const settingsFile = join(userHome, '.gemini', 'settings.json');
    return { ...project, fake, settingsFile, settingsBefore, env: project.home.env };
  },
  afterInstall: (setup) => {
    installed = readFileSync(setup.settingsFile, 'utf8');
  },
  run: (bin, setup, prompt) =>
    runGemini(bin, prompt, { env: setup.env, cwd: setup.project, fakeUrl: setup.fake.url }),
  expected: { tools: ['Read', 'Bash'], firstInput: /"file_path":"notes\.txt"/ },
  tests: (sessions) => {
    it('installs the hooks and the MCP server in settings.json, keeping the user settings', () => {
      const settings = JSON.parse(installed) as Record<string, Record<string, unknown>>;
      assert.deepEqual(Object.keys(settings.hooks ?? {}).sort(), [
        'AfterAgent',
        'AfterTool',
        'BeforeAgent',
        'PreCompress',
        'SessionEnd',
        'SessionStart',
      ]);
      assert.ok(settings.mcpServers?.['claude-mem']);
      assert.deepEqual(settings.security, { auth: { selectedType: 'gemini-api-key' } });
    });

    it('uninstall leaves settings.json as it was, to the byte', async () => {
      await sessions.uninstall();
      assert.equal(
        readFileSync(sessions.setup.settingsFile, 'utf8'),
        sessions.setup.settingsBefore,
      );
    });
  },
});
