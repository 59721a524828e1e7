import { dirname, join } from 'node:path';
import { AGENTS, isAgentId, type AgentId } from '../../capture/agents/index.ts';
import { CliError, usage } from '../cli-error.ts';
import { planAgentInstall, planAgentUninstall } from '../install/agents/agent-files.ts';
import { agentSpec } from '../install/agents/specs.ts';
import { planClaudeInstall, planClaudeUninstall } from '../install/claude-files.ts';
import { backupPath, type FileChange } from '../install/file-plan.ts';
import { NODE_RUNTIME, type HookRuntime } from '../install/hook-runtime.ts';
import { onPath } from '../install/package-name.ts';
import { installTargets } from '../install/targets.ts';
import { didYouMean } from '../suggest.ts';
import type { Print } from '../cli-command.ts';

/** The files one agent's install or uninstall changes. */
export interface AgentPlan {
  agent: AgentId;
  changes: FileChange[];
}

const binOf = (agent: AgentId): string => (agent === 'claude' ? 'claude' : agentSpec(agent).bin);

/**
 * `--agent codex|gemini|copilot|claude|all` -> the agents to act on (default Claude Code).
 * For install, `all` is every agent whose command is on PATH, and finding none is an error; for
 * uninstall it is every agent (one taken off PATH may still have our hooks).
 */
export function selectAgents(
  name: string | undefined,
  path = process.env.PATH ?? '',
  forUninstall = false,
): AgentId[] {
  if (name === undefined || name === '') return ['claude'];
  if (name === 'all' && forUninstall) return [...AGENTS];
  if (name === 'all') {
    const found = AGENTS.filter((agent) => onPath(binOf(agent), path));
    if (found.length > 0) return found;
    throw new CliError(
      `install --agent all found none of ${AGENTS.map(binOf).join(', ')} on your PATH: nothing was installed; install an agent first, or name one with --agent ${AGENTS.join('|')}`,
    );
  }
  if (isAgentId(name)) return [name];
  throw usage(`unknown agent "${name}"${didYouMean(name, [...AGENTS, 'all'])}`);
}

/**
 * Agents named on purpose whose command is not on PATH: installed anyway (the files do nothing
 * until the agent runs, and it may be installed next, or found on another shell's PATH), but
 * never silently.
 */
export function missingAgentNotes(agents: AgentId[], path = process.env.PATH ?? ''): string[] {
  return agents
    .filter((agent) => !onPath(binOf(agent), path))
    .map(
      (agent) =>
        `${agent}: note: "${binOf(agent)}" is not on your PATH; installed anyway, it takes effect once ${binOf(agent)} runs here (undo with "claude-mem uninstall --agent ${agent}")`,
    );
}

const bundlesOf = (cliEntry: string) => ({
  hookBundle: join(dirname(cliEntry), 'hook.cjs'),
  cliEntry,
});

/**
 * Every agent's install changes, every file read and checked before any is written; Claude
 * Code's hooks run under `runtime`.
 */
export function planInstalls(
  agents: AgentId[],
  cliEntry: string,
  project: boolean,
  runtime: HookRuntime = NODE_RUNTIME,
): AgentPlan[] {
  const bundles = bundlesOf(cliEntry);
  return agents.map((agent) => ({
    agent,
    changes:
      agent === 'claude'
        ? planClaudeInstall(installTargets(project), bundles.hookBundle, cliEntry, runtime)
        : planAgentInstall(agentSpec(agent), bundles, process.env),
  }));
}

/** Every agent's uninstall changes. */
export function planUninstalls(agents: AgentId[], cliEntry: string, project: boolean): AgentPlan[] {
  const bundles = bundlesOf(cliEntry);
  return agents.map((agent) => ({
    agent,
    changes:
      agent === 'claude'
        ? planClaudeUninstall(installTargets(project), bundles.hookBundle, cliEntry)
        : planAgentUninstall(agentSpec(agent), bundles),
  }));
}

/** For `--agent all`: the agents it left out because their command is not on PATH. */
export function skippedAgentsNote(agents: AgentId[]): string[] {
  const skipped = AGENTS.filter((agent) => !agents.includes(agent));
  return skipped.length === 0
    ? []
    : [
        `not on your PATH, so not installed: ${skipped.join(', ')} (name one with --agent to install it anyway)`,
      ];
}

/** What install did to each file, one line a file. */
export function printInstalled(plans: AgentPlan[], print: Print): void {
  for (const { agent, changes } of plans) {
    const prefix = agent === 'claude' ? '' : `${agent}: `;
    if (changes.length === 0) {
      print(
        agent === 'claude'
          ? 'already installed: nothing to change'
          : `${agent}: already installed, nothing to change`,
      );
    }
    for (const change of changes) {
      const backup = change.backup === 'write' && change.before !== undefined;
      print(
        `${prefix}updated ${change.path}${backup ? ` (backup: ${backupPath(change.path)})` : ''}`,
      );
    }
    if (agent === 'codex')
      print('codex: trust the hooks once: start codex and review them with /hooks');
  }
}

/** What uninstall did to each file, one line a file (a stale backup removed says nothing). */
export function printUninstalled(plans: AgentPlan[], print: Print): void {
  for (const change of plans.flatMap((plan) => plan.changes)) {
    if (change.after === change.before) continue;
    if (change.after === undefined) print(`removed ${change.path}`);
    else if (change.after !== change.before) print(`updated ${change.path}`);
  }
}

/** The dry run: each file now and after. */
export function printDryRun(plans: AgentPlan[], print: Print): void {
  const changes = plans.flatMap((plan) => plan.changes);
  if (changes.length === 0) print('already installed: nothing would change');
  for (const change of changes) {
    print(
      `--- ${change.path} (now)\n${change.before || '(missing)'}\n+++ ${change.path} (after install)\n${change.after ?? '(removed)'}`,
    );
  }
}
