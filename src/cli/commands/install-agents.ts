import { dirname, join } from 'node:path';
import { AGENTS, isAgentId, type AgentId } from '../../capture/agents/index.ts';
import { usage } from '../cli-error.ts';
import { planAgentInstall, uninstallAgent } from '../install/agents/agent-files.ts';
import { agentSpec } from '../install/agents/specs.ts';
import { onPath } from '../install/package-name.ts';
import { didYouMean } from '../suggest.ts';

type Print = (line: string) => void;

/**
 * `--agent codex|gemini|copilot|claude|all` -> the agents to act on (default Claude Code).
 * `all` is every agent whose command is on PATH.
 */
export function selectAgents(name: string | undefined, path = process.env.PATH ?? ''): AgentId[] {
  if (name === undefined || name === '') return ['claude'];
  if (name === 'all') {
    return AGENTS.filter((agent) =>
      onPath(agent === 'claude' ? 'claude' : agentSpec(agent).bin, path),
    );
  }
  if (isAgentId(name)) return [name];
  throw usage(`unknown agent "${name}"${didYouMean(name, [...AGENTS, 'all'])}`);
}

/** Installs the hooks and MCP server of each agent but Claude Code; prints what changed. */
export function installAgents(
  agents: AgentId[],
  options: { cliEntry: string; dryRun: boolean; print: Print },
): void {
  const bundles = {
    hookBundle: join(dirname(options.cliEntry), 'hook.cjs'),
    cliEntry: options.cliEntry,
  };
  for (const agent of agents) {
    if (agent === 'claude') continue;
    const spec = agentSpec(agent);
    const changes = planAgentInstall(spec, bundles, process.env);
    if (changes.length === 0) options.print(`${agent}: already installed, nothing to change`);
    for (const change of changes) {
      if (options.dryRun) {
        options.print(
          `--- ${change.path} (now)\n${change.before || '(missing)'}\n+++ ${change.path} (after install)\n${change.after}`,
        );
        continue;
      }
      const backup = change.apply();
      options.print(`${agent}: updated ${change.path}${backup ? ` (backup: ${backup})` : ''}`);
    }
    if (agent === 'codex' && !options.dryRun) {
      options.print('codex: trust the hooks once: start codex and review them with /hooks');
    }
  }
}

/** Removes exactly what install added for each agent but Claude Code. */
export function uninstallAgents(agents: AgentId[], cliEntry: string, print: Print): void {
  const hookBundle = join(dirname(cliEntry), 'hook.cjs');
  for (const agent of agents) {
    if (agent !== 'claude') uninstallAgent(agentSpec(agent), hookBundle, print);
  }
}
