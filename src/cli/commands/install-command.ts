import { relative } from 'node:path';
import { dataDirFrom, ensureDataDir, loadSettings } from '../../config/index.ts';
import { ensureWorker } from '../../client/index.ts';
import { applyChanges, checkChanges } from '../install/file-plan.ts';
import { PORTABLE_HOOK_BIN } from '../install/hook-commands.ts';
import { AGENTS } from '../../domain/index.ts';
import type { CliContext } from '../cli-command.ts';
import { alternatives } from '../help.ts';
import {
  NODE_RUNTIME,
  RUNTIME_CHOICES,
  bunVersion,
  chooseRuntime,
  type HookRuntime,
} from '../install/hook-runtime.ts';
import { installTargets, type InstallTargets } from '../install/targets.ts';
import { INSTALL_HINT, onPath } from '../install/package-name.ts';
import { parseOptions } from '../parse-options.ts';
import { usage } from '../cli-error.ts';
import {
  missingAgentNotes,
  planInstalls,
  printDryRun,
  printInstalled,
  selectAgents,
  skippedAgentsNote,
} from './install-agents.ts';
import { contextEntry } from '../command-entry.ts';
import { FLAG } from '../common-options.ts';

/** The options `install` accepts (the help test checks each is in `--help`). */
export const INSTALL_OPTIONS = {
  project: { type: 'boolean' },
  'dry-run': FLAG['dry-run'],
  agent: { type: 'string' },
  runtime: { type: 'string' },
} as const;

/**
 * `claude-mem install` (usage in INSTALL_COMMAND below): merges the
 * hooks into each agent's settings (Claude Code's run under `--runtime`) and registers the MCP
 * server, never overwriting what is there. Every file is read and checked before any is written,
 * and all are written or none (backup first, idempotent); then the worker starts.
 */
export async function installCommand(args: string[], deps: CliContext): Promise<number> {
  const values = parseOptions(args, INSTALL_OPTIONS);
  const agents = selectAgents(values.agent);
  const project = values.project === true;
  if (project && agents.some((agent) => agent !== 'claude')) {
    throw usage('--project installs for Claude Code only; leave out --agent or --project');
  }
  if (project && values.runtime !== undefined) {
    throw usage(
      '--runtime: --project writes "claude-mem-hook <Event>", run by node; leave one out',
    );
  }
  const runtime = project ? NODE_RUNTIME : chooseRuntime(values.runtime);
  const plans = planInstalls(agents, deps.cliEntry, project, runtime);
  const changes = plans.flatMap((plan) => plan.changes);
  // Said once the install is sure to go ahead: a refusal is the only line otherwise.
  const notes = values.agent === 'all' ? skippedAgentsNote(agents) : missingAgentNotes(agents);
  if (values['dry-run']) {
    checkChanges(changes);
    printDryRun(plans, deps.print);
    return 0;
  }
  applyChanges(changes);
  if (!project) for (const note of notes) deps.print(note);
  printInstalled(plans, deps.print);
  if (!project && agents.includes('claude')) deps.print(runtimeLine(runtime));
  await startWorker(deps);
  if (!agents.includes('claude')) return 0;
  const targets = installTargets(project);
  deps.print(`\nclaude-mem is active from your next Claude Code session (${targets.scope} scope).`);
  deps.print(`Undo with: claude-mem uninstall${project ? ' --project' : ''}`);
  if (project) for (const line of teammateNote(targets)) deps.print(line);
  return 0;
}

/** What the people who get the committed files need: the commands they run, on their PATH. */
export function teammateNote(targets: InstallTargets, path = process.env.PATH ?? ''): string[] {
  const missing = [PORTABLE_HOOK_BIN, 'claude-mem'].filter((bin) => !onPath(bin, path));
  return [
    `\nCommit ${relative(process.cwd(), targets.settingsFile) || targets.settingsFile} and ${relative(process.cwd(), targets.mcpFile) || targets.mcpFile}: they run "${PORTABLE_HOOK_BIN} <Event>" and "claude-mem mcp" from PATH, no path of this machine.`,
    `Each teammate needs those commands once (claude-mem is not on the npm registry): ${INSTALL_HINT}; or the claude-mem plugin.`,
    ...(missing.length > 0
      ? [
          `Not on your PATH yet: ${missing.join(', ')}; install them the same way (until then Claude Code reports these hooks as failing here).`,
        ]
      : []),
  ];
}

/** Which runtime the new hook commands name (an earlier install's stay until uninstall). */
function runtimeLine(runtime: HookRuntime): string {
  if (runtime.name === 'node') return 'hooks run under node';
  const path = JSON.parse(runtime.command) as string;
  return `hooks run under bun (${path}, ${bunVersion(path) ?? 'version unknown'})`;
}

async function startWorker(deps: CliContext): Promise<void> {
  const dataDir = dataDirFrom();
  ensureDataDir(dataDir);
  const port = loadSettings(dataDir).settings['worker.port'];
  const info = await ensureWorker({ dataDir, port, cliEntry: deps.cliEntry, waitMs: 10_000 });
  deps.print(
    info
      ? `worker running on 127.0.0.1:${info.port}; open the viewer with "claude-mem open"`
      : 'worker did not start yet: see "claude-mem doctor"',
  );
}

/** `claude-mem install`: its help, options and handler (the command table's entry). */
export const INSTALL_COMMAND = contextEntry(
  'install [--project] [--dry-run]',
  "Register the hooks and the MCP server in Claude Code (~/.claude/settings.json, or the repo's .claude/ with --project), merging with a backup; starts the worker",
  installCommand,
  {
    options: INSTALL_OPTIONS,
    more: [
      {
        usage: [`install --runtime ${alternatives(RUNTIME_CHOICES)}`],
        text: 'What runs the hooks: node (default), Bun, or auto (Bun when it is on PATH)',
      },
      {
        usage: [`install --agent ${alternatives([...AGENTS, 'all'])} [--dry-run]`],
        text: 'The same for another coding agent: Codex CLI ($CODEX_HOME/hooks.json, config.toml), Gemini CLI (~/.gemini/settings.json), Copilot CLI ($COPILOT_HOME/hooks/, mcp-config.json); all: every agent on PATH',
      },
    ],
  },
);
