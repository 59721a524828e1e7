import { dirname, join, relative } from 'node:path';
import { dataDirFrom, ensureDataDir, loadSettings } from '../../config/index.ts';
import { ensureWorker } from '../../client/index.ts';
import { addMcpServer } from '../install/mcp-merge.ts';
import { addHooks } from '../install/settings-merge.ts';
import { planJson, type FileChange } from '../install/json-file.ts';
import { PORTABLE_HOOK_BIN } from '../install/hook-commands.ts';
import {
  NODE_RUNTIME,
  bunVersion,
  chooseRuntime,
  type HookRuntime,
} from '../install/hook-runtime.ts';
import { installTargets, type InstallTargets } from '../install/targets.ts';
import { PACKAGE_NAME, onPath } from '../install/package-name.ts';
import { parseOptions } from '../parse-options.ts';
import { usage } from '../cli-error.ts';
import { installAgents, selectAgents } from './install-agents.ts';

type Print = (line: string) => void;

/** The options `install` accepts (the help test checks each is in `--help`). */
export const INSTALL_OPTIONS = {
  project: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  agent: { type: 'string' },
  runtime: { type: 'string' },
} as const;

/**
 * `claude-mem install [--project] [--dry-run] [--runtime node|bun|auto]`: merges the hooks into
 * Claude Code's settings (run under `--runtime`) and registers the MCP server, never overwriting
 * what is there (backup first, idempotent), then starts the worker.
 */
export async function installCommand(
  args: string[],
  deps: { cliEntry: string; print: Print },
): Promise<number> {
  const values = parseOptions(args, INSTALL_OPTIONS);
  const agents = selectAgents(values.agent);
  if (values.project && agents.some((agent) => agent !== 'claude')) {
    throw usage('--project installs for Claude Code only; leave out --agent or --project');
  }
  if (values.project && values.runtime !== undefined) {
    throw usage(
      '--runtime: --project writes "claude-mem-hook <Event>", run by node; leave one out',
    );
  }
  installAgents(agents, { ...deps, dryRun: values['dry-run'] === true });
  if (!agents.includes('claude')) {
    if (!values['dry-run']) await startWorker(deps);
    return 0;
  }
  const targets = installTargets(values.project === true);
  const hookBundle = join(dirname(deps.cliEntry), 'hook.cjs');
  // Committed files must not name this machine's paths: the PATH commands work for everyone.
  const portable = targets.scope === 'project';
  const runtime = portable ? NODE_RUNTIME : chooseRuntime(values.runtime);
  const changes = [
    planJson(targets.settingsFile, (value) => addHooks(value, hookBundle, portable, runtime)),
    planJson(targets.mcpFile, (value) => addMcpServer(value, deps.cliEntry, portable)),
  ].filter((change): change is FileChange => change !== undefined);
  if (values['dry-run']) return dryRun(changes, deps.print);
  for (const change of changes) {
    const backup = change.apply();
    deps.print(`updated ${change.path}${backup ? ` (backup: ${backup})` : ''}`);
  }
  if (changes.length === 0) deps.print('already installed: nothing to change');
  if (!portable) deps.print(runtimeLine(runtime));
  await startWorker(deps);
  deps.print(`\nclaude-mem is active from your next Claude Code session (${targets.scope} scope).`);
  deps.print(`Undo with: claude-mem uninstall${values.project ? ' --project' : ''}`);
  if (portable) for (const line of teammateNote(targets)) deps.print(line);
  return 0;
}

/** What the people who get the committed files need: the commands they run, on their PATH. */
export function teammateNote(targets: InstallTargets, path = process.env.PATH ?? ''): string[] {
  const missing = [PORTABLE_HOOK_BIN, 'claude-mem'].filter((bin) => !onPath(bin, path));
  return [
    `\nCommit ${relative(process.cwd(), targets.settingsFile) || targets.settingsFile} and ${relative(process.cwd(), targets.mcpFile) || targets.mcpFile}: they run "${PORTABLE_HOOK_BIN} <Event>" and "claude-mem mcp" from PATH, no path of this machine.`,
    `Each teammate needs those commands once: npm install -g ${PACKAGE_NAME} (or "npm link" in a clone of claude-mem).`,
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

function dryRun(changes: FileChange[], print: Print): number {
  if (changes.length === 0) print('already installed: nothing would change');
  for (const change of changes) {
    print(
      `--- ${change.path} (now)\n${change.before || '(missing)'}\n+++ ${change.path} (after install)\n${change.after}`,
    );
  }
  return 0;
}

async function startWorker(deps: { cliEntry: string; print: Print }): Promise<void> {
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
