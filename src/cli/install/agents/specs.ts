import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AgentId } from '../../../capture/agents/index.ts';

/** One hook an agent runs for us: its own event name, and a timeout in its own unit. */
export interface AgentHook {
  event: string;
  matcher?: string;
}

/** Where and how an agent keeps its hooks and MCP servers. */
export interface AgentSpec {
  agent: Exclude<AgentId, 'claude'>;
  /** The command that runs the agent, for `install --agent all` (found on PATH). */
  bin: string;
  hooks: readonly AgentHook[];
  /** `nested`: Claude Code's `{matcher, hooks: [{command}]}`; `flat`: Copilot's `[{bash}]`. */
  layout: 'nested' | 'flat';
  /** The hook timeout as the agent reads it: Codex seconds, Gemini milliseconds, Copilot s. */
  timeout: Record<string, number>;
  hooksFile: string;
  /** JSON file with `mcpServers`, or Codex's `config.toml` (a marked TOML block). */
  mcpFile: string;
  mcpFormat: 'json' | 'toml';
  /** The JSON files may hold comments and trailing commas (Gemini CLI reads them so). */
  jsonc: boolean;
}

/** A config home from the environment (tests point these at a temp folder), else the default. */
const homeOf = (env: NodeJS.ProcessEnv, key: string, fallback: string): string =>
  env[key]?.trim() ? (env[key] ?? '') : join(env.HOME?.trim() ? env.HOME : homedir(), fallback);

/** Every agent's spec; config homes from `CODEX_HOME`, `GEMINI_CLI_HOME`, `COPILOT_HOME`. */
export function agentSpecs(env: NodeJS.ProcessEnv = process.env): AgentSpec[] {
  const codex = homeOf(env, 'CODEX_HOME', '.codex');
  // Gemini CLI puts `.gemini` under GEMINI_CLI_HOME when set, else under the home folder.
  const gemini = join(homeOf(env, 'GEMINI_CLI_HOME', ''), '.gemini');
  const copilot = homeOf(env, 'COPILOT_HOME', '.copilot');
  return [
    {
      agent: 'codex',
      bin: 'codex',
      hooks: ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Stop', 'PreCompact'].map(
        (event) => ({ event }),
      ),
      layout: 'nested',
      timeout: { SessionStart: 15, default: 10 },
      hooksFile: join(codex, 'hooks.json'),
      mcpFile: join(codex, 'config.toml'),
      mcpFormat: 'toml',
      jsonc: false,
    },
    {
      agent: 'gemini',
      bin: 'gemini',
      hooks: [
        { event: 'SessionStart' },
        { event: 'BeforeAgent' },
        { event: 'AfterTool', matcher: '.*' },
        { event: 'AfterAgent' },
        { event: 'PreCompress' },
        { event: 'SessionEnd' },
      ],
      layout: 'nested',
      timeout: { SessionStart: 15_000, default: 10_000 },
      hooksFile: join(gemini, 'settings.json'),
      mcpFile: join(gemini, 'settings.json'),
      mcpFormat: 'json',
      jsonc: true,
    },
    {
      agent: 'copilot',
      bin: 'copilot',
      hooks: [
        'sessionStart',
        'userPromptSubmitted',
        'postToolUse',
        'postToolUseFailure',
        'agentStop',
        'preCompact',
        'sessionEnd',
      ].map((event) => ({ event })),
      layout: 'flat',
      timeout: { sessionStart: 15, default: 10 },
      hooksFile: join(copilot, 'hooks', 'claude-mem.json'),
      mcpFile: join(copilot, 'mcp-config.json'),
      mcpFormat: 'json',
      jsonc: false,
    },
  ];
}

/** The spec of one agent. */
export function agentSpec(agent: string, env: NodeJS.ProcessEnv = process.env): AgentSpec {
  const spec = agentSpecs(env).find((candidate) => candidate.agent === agent);
  if (!spec) throw new Error(`no install spec for agent ${agent}`);
  return spec;
}
