import type { FileChange } from './file-plan.ts';
import { NODE_RUNTIME, type HookRuntime } from './hook-runtime.ts';
import { planJsonInstall, planJsonUninstall, type JsonMerge } from './json-file.ts';
import { addMcpServer, mcpConflict, removeMcpServer } from './mcp-merge.ts';
import { addHooks, removeHooks } from './settings-merge.ts';
import type { InstallTargets } from './targets.ts';

/** Claude Code's two files: hooks in settings.json, the MCP server in ~/.claude.json or .mcp.json. */
function merges(
  targets: InstallTargets,
  hookBundle: string,
  cliEntry: string,
  runtime: HookRuntime = NODE_RUNTIME,
) {
  // Committed files must not name this machine's paths: the PATH commands work for everyone.
  const portable = targets.scope === 'project';
  const hooks: JsonMerge = {
    add: (value) => addHooks(value, hookBundle, portable, runtime),
    remove: (value) => removeHooks(value, hookBundle),
  };
  const mcp: JsonMerge = {
    add: (value) => addMcpServer(value, cliEntry, portable),
    remove: removeMcpServer,
    conflict: mcpConflict,
  };
  return [
    { path: targets.settingsFile, merge: hooks },
    { path: targets.mcpFile, merge: mcp },
  ];
}

const defined = (changes: Array<FileChange | undefined>): FileChange[] =>
  changes.filter((change): change is FileChange => change !== undefined);

/**
 * The changes that install claude-mem for Claude Code, every file read and checked first; the
 * hook commands run under `runtime` (a project's committed settings always run node).
 */
export function planClaudeInstall(
  targets: InstallTargets,
  hookBundle: string,
  cliEntry: string,
  runtime: HookRuntime = NODE_RUNTIME,
): FileChange[] {
  return defined(
    merges(targets, hookBundle, cliEntry, runtime).map(({ path, merge }) =>
      planJsonInstall(path, merge),
    ),
  );
}

/** The changes that remove exactly what install added for Claude Code. */
export function planClaudeUninstall(
  targets: InstallTargets,
  hookBundle: string,
  cliEntry: string,
): FileChange[] {
  return defined(
    merges(targets, hookBundle, cliEntry).map(({ path, merge }) => planJsonUninstall(path, merge)),
  );
}
