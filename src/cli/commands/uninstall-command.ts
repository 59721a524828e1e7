import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { dataDirFrom } from '../../config/index.ts';
import { removeMcpServer } from '../install/mcp-merge.ts';
import { removeHooks } from '../install/settings-merge.ts';
import { readJsonFile, sameJson, serialize } from '../install/json-file.ts';
import { installTargets } from '../install/targets.ts';
import { writeFileAtomic } from '../../config/index.ts';
import { parseOptions } from '../parse-options.ts';
import { workerCommand } from './worker-command.ts';
import { selectAgents, uninstallAgents } from './install-agents.ts';

type Print = (line: string) => void;

/** The options `uninstall` accepts. */
export const UNINSTALL_OPTIONS = {
  project: { type: 'boolean' },
  purge: { type: 'boolean' },
  agent: { type: 'string' },
} as const;

/**
 * Removes our entries from one file. When the result equals the backup install made, the
 * backup's exact bytes are restored, so a file install touched ends as it was to the byte.
 */
function unmerge(
  path: string,
  update: (value: Record<string, unknown>) => Record<string, unknown>,
  print: Print,
): void {
  const file = readJsonFile(path);
  if (!file.exists) return;
  const next = update(file.value);
  if (sameJson(next, file.value)) return;
  const backup = `${path}.claude-mem.bak`;
  const backupText = existsSync(backup) ? readFileSync(backup, 'utf8') : undefined;
  const restoreExact = backupText !== undefined && sameJson(next, JSON.parse(backupText));
  if (backupText === undefined && Object.keys(next).length === 0) {
    rmSync(path); // install created this file: remove it again.
    print(`removed ${path}`);
    return;
  }
  writeFileAtomic(path, restoreExact ? backupText : serialize(next, file.text), 0o600, false);
  if (restoreExact) rmSync(backup);
  print(`updated ${path}`);
}

/** `claude-mem uninstall [--project] [--purge]`: removes exactly what install added. */
export async function uninstallCommand(
  args: string[],
  deps: { cliEntry: string; print: Print },
): Promise<number> {
  const values = parseOptions(args, UNINSTALL_OPTIONS);
  const agents = selectAgents(values.agent);
  uninstallAgents(agents, deps.cliEntry, deps.print);
  // Another agent may still capture: the worker and the data stay for it.
  if (!agents.includes('claude')) return 0;
  const targets = installTargets(values.project === true);
  const hookBundle = join(dirname(deps.cliEntry), 'hook.cjs');
  unmerge(targets.settingsFile, (value) => removeHooks(value, hookBundle), deps.print);
  unmerge(targets.mcpFile, removeMcpServer, deps.print);
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
