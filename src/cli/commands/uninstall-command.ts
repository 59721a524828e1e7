import type { CliContext } from '../cli-command.ts';
import { rmSync } from 'node:fs';
import { dataDirFrom } from '../../config/index.ts';
import { applyChanges } from '../install/file-plan.ts';
import { parseOptions } from '../parse-options.ts';
import { workerCommand } from './worker-command.ts';
import { planUninstalls, printUninstalled, selectAgents } from './install-agents.ts';
import { contextEntry } from '../command-entry.ts';

/** The options `uninstall` accepts. */
export const UNINSTALL_OPTIONS = {
  project: { type: 'boolean' },
  purge: { type: 'boolean' },
  agent: { type: 'string' },
} as const;

/**
 * `claude-mem uninstall [--project] [--purge] [--agent A]`: removes exactly what install added,
 * all files or none, giving back a file's exact bytes when nothing else changed in it, and
 * removing install's backups.
 */
export async function uninstallCommand(args: string[], deps: CliContext): Promise<number> {
  const values = parseOptions(args, UNINSTALL_OPTIONS);
  const agents = selectAgents(values.agent, undefined, true);
  const plans = planUninstalls(agents, deps.cliEntry, values.project === true);
  applyChanges(plans.flatMap((plan) => plan.changes));
  printUninstalled(plans, deps.print);
  // Another agent may still capture: the worker and the data stay for it.
  if (!agents.includes('claude')) return 0;
  // Nothing captures for it any more: a worker left running would hold its port for nothing.
  await workerCommand(['stop'], deps);
  if (!values.purge) {
    deps.print(
      `hooks and MCP server removed; your memory is kept in ${dataDirFrom()} (--purge deletes it)`,
    );
    return 0;
  }
  rmSync(dataDirFrom(), { recursive: true, force: true });
  deps.print(`hooks and MCP server removed; ${dataDirFrom()} deleted`);
  return 0;
}

/** `claude-mem uninstall`: its help, options and handler (the command table's entry). */
export const UNINSTALL_COMMAND = contextEntry(
  'uninstall [--project] [--purge] [--agent A]',
  'Remove exactly what install added (--purge: the data too)',
  uninstallCommand,
  { options: UNINSTALL_OPTIONS },
);
