import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { describeAgentSuite, type AgentSetup } from '../helpers/agent-scenario.ts';
import { runCopilot } from '../helpers/copilot-run.ts';
import { startFakeResponses, toolOutputs } from '../helpers/fake-responses.ts';

interface Setup extends AgentSetup {
  copilotHome: string;
  mcpBefore: string;
}

// The user's own MCP server: install must keep it, uninstall must leave the file as it was.
const MCP_BEFORE =
  '{\n  "mcpServers": {\n    "other": { "type": "local", "command": "other-mcp", "tools": ["*"] }\n  }\n}\n';

describeAgentSuite<Setup>({
  title: 'the real GitHub Copilot CLI with claude-mem installed (--agent copilot)',
  agent: 'copilot',
  calls: (project) => [
    { call: 'view', args: { path: join(project, 'notes.txt') } },
    { call: 'bash', args: { command: 'echo tests pass', description: 'run the tests' } },
  ],
  setUp: async (project, model) => {
    const fake = await startFakeResponses((body, text) => model(text, toolOutputs(body).length));
    const copilotHome = join(project.root, 'copilot-home');
    mkdirSync(copilotHome, { recursive: true });
    writeFileSync(join(copilotHome, 'mcp-config.json'), MCP_BEFORE);
    const env = { ...project.home.env, COPILOT_HOME: copilotHome };
    return { ...project, fake, copilotHome, mcpBefore: MCP_BEFORE, env };
  },
  run: (bin, setup, prompt) =>
    runCopilot(bin, prompt, {
      env: setup.env,
      cwd: setup.project,
      fakeUrl: setup.fake.url,
      copilotHome: setup.copilotHome,
    }),
  expected: { tools: ['Read', 'Bash'], firstInput: /"file_path":"[^"]*notes\.txt"/ },
  tests: (sessions) => {
    it('installs hooks/claude-mem.json and the MCP server beside the user one', () => {
      const hooks = JSON.parse(
        readFileSync(join(sessions.setup.copilotHome, 'hooks', 'claude-mem.json'), 'utf8'),
      ) as { hooks: Record<string, unknown> };
      assert.ok(hooks.hooks.sessionStart && hooks.hooks.postToolUse && hooks.hooks.agentStop);
    });

    it('uninstall removes the hooks file and leaves mcp-config.json as it was', async () => {
      const { setup } = sessions;
      await sessions.uninstall();
      assert.equal(existsSync(join(setup.copilotHome, 'hooks', 'claude-mem.json')), false);
      assert.equal(
        readFileSync(join(setup.copilotHome, 'mcp-config.json'), 'utf8'),
        setup.mcpBefore,
      );
    });
  },
});
