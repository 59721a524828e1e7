import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ensureAgentCli } from '../helpers/agent-cli.ts';
import {
  itRemembersAcrossSessions,
  sessionOneModel,
  twoAgentSessions,
  type AgentSetup,
} from '../helpers/agent-scenario.ts';
import { functionResponses, startFakeGemini } from '../helpers/fake-gemini.ts';
import { runGemini, writeGeminiSettings } from '../helpers/gemini-run.ts';

const gemini = ensureAgentCli('gemini');

/** The scripted model: read notes.txt, run the tests, finish. */
const model = sessionOneModel([
  { call: 'read_file', args: { file_path: 'notes.txt' } },
  { call: 'run_shell_command', args: { command: 'echo tests pass' } },
]);

interface Setup extends AgentSetup {
  settingsFile: string;
  settingsBefore: string;
}

describe(
  'the real Gemini CLI with claude-mem installed (--agent gemini)',
  { skip: gemini.bin ? false : gemini.reason },
  () => {
    let installed = '';
    const sessions = twoAgentSessions<Setup>({
      agent: 'gemini',
      setUp: async (project) => {
        const fake = await startFakeGemini((body, text) => model(text, functionResponses(body)));
        const userHome = project.home.env.HOME ?? project.root;
        const settingsBefore = writeGeminiSettings(userHome);
        const settingsFile = join(userHome, '.gemini', 'settings.json');
        return { ...project, fake, settingsFile, settingsBefore, env: project.home.env };
      },
      afterInstall: (setup) => {
        installed = readFileSync(setup.settingsFile, 'utf8');
      },
      run: (setup, prompt) =>
        runGemini(gemini.bin ?? '', prompt, {
          env: setup.env,
          cwd: setup.project,
          fakeUrl: setup.fake.url,
        }),
    });

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

    itRemembersAcrossSessions('gemini', sessions, {
      tools: ['Read', 'Bash'],
      firstInput: /"file_path":"notes\.txt"/,
    });

    it('uninstall leaves settings.json as it was, to the byte', async () => {
      const { setup } = sessions;
      await sessions.uninstall();
      assert.equal(readFileSync(setup.settingsFile, 'utf8'), setup.settingsBefore);
    });
  },
);
