import { existsSync } from 'node:fs';
import { readSettingsText, backupPath, type FileChange } from '../file-plan.ts';
import { planJsonInstall, planJsonUninstall, type JsonMerge } from '../json-file.ts';
import { mcpConflict, removeMcpServer } from '../mcp-merge.ts';
import { CliError } from '../../cli-error.ts';
import { addAgentHooks, removeAgentHooks } from './hooks-merge.ts';
import { addAgentMcp, agentMcpEntry } from './mcp-entries.ts';
import type { AgentSpec } from './specs.ts';
import { addBlock, codexMcpBlock, hasBlock, hasForeignServer, removeBlock } from './toml-block.ts';
import { tomlProblem } from './toml-check.ts';

type Json = Record<string, unknown>;

/** Where this install's bundles are. */
export interface Bundles {
  hookBundle: string;
  cliEntry: string;
}

function planTomlInstall(path: string, block: string): FileChange | undefined {
  const before = readSettingsText(path);
  const problem = before === undefined ? undefined : tomlProblem(before);
  if (problem) {
    throw new CliError(
      `${path} is not valid TOML (${problem}); Codex cannot read it either: fix it first, nothing was changed`,
    );
  }
  if (before !== undefined && hasForeignServer(before)) {
    throw new CliError(
      `${path} already has an [mcp_servers.claude-mem] that claude-mem did not write, so install leaves it as it is: rename or remove that table, then install again; nothing was changed`,
    );
  }
  const after = addBlock(before ?? '', block);
  if (after === before) return undefined;
  const fresh = !hasBlock(before ?? '') || !existsSync(backupPath(path));
  return { path, before, after, backup: fresh ? 'write' : 'keep' };
}

function planTomlUninstall(path: string): FileChange | undefined {
  const before = readSettingsText(path);
  const backup = readSettingsText(backupPath(path));
  if (before === undefined) {
    return backup === undefined ? undefined : { path, before, after: before, backup: 'drop' };
  }
  const removed = removeBlock(before);
  if (removed === before && backup === undefined) return undefined;
  // The markers' lines out is the file as install found it (or as Codex has changed it since).
  const created = backup === undefined && removed.trim() === '';
  return { path, before, after: created ? undefined : removed, backup: 'drop' };
}

/** The merges of an agent's JSON files: its hooks file, its MCP file (one file for Gemini). */
function jsonMerges(spec: AgentSpec, bundles: Bundles, env: NodeJS.ProcessEnv) {
  const hooks: JsonMerge = {
    add: (value) => addAgentHooks(value, spec, bundles.hookBundle),
    remove: (value) => removeAgentHooks(value, spec, bundles.hookBundle),
    jsonc: spec.jsonc,
  };
  const entry = agentMcpEntry(spec.agent, bundles.cliEntry, env);
  const mcp: JsonMerge = {
    add: (value: Json) => addAgentMcp(value, entry),
    remove: removeMcpServer,
    conflict: mcpConflict,
    jsonc: spec.jsonc,
  };
  if (spec.mcpFormat === 'toml') return [{ path: spec.hooksFile, merge: hooks }];
  if (spec.mcpFile !== spec.hooksFile) {
    return [
      { path: spec.hooksFile, merge: hooks },
      { path: spec.mcpFile, merge: mcp },
    ];
  }
  // One file holds both (Gemini's settings.json): one change, printed once.
  const both: JsonMerge = {
    add: (value) => mcp.add(hooks.add(value)),
    remove: (value) => mcp.remove(hooks.remove(value)),
    conflict: mcpConflict,
    jsonc: spec.jsonc,
  };
  return [{ path: spec.hooksFile, merge: both }];
}

const defined = (changes: Array<FileChange | undefined>): FileChange[] =>
  changes.filter((change): change is FileChange => change !== undefined);

/**
 * The file changes that install this agent's hooks and MCP server (none when in place). Every
 * file is read and checked here, before anything is written: a file that is broken, or holds a
 * `claude-mem` server the user wrote, stops the install.
 */
export function planAgentInstall(
  spec: AgentSpec,
  bundles: Bundles,
  env: NodeJS.ProcessEnv,
): FileChange[] {
  const json = jsonMerges(spec, bundles, env).map(({ path, merge }) =>
    planJsonInstall(path, merge),
  );
  const toml =
    spec.mcpFormat === 'toml'
      ? planTomlInstall(spec.mcpFile, codexMcpBlock(bundles.cliEntry, env))
      : undefined;
  return defined([...json, toml]);
}

/** The file changes that remove exactly what install added for this agent. */
export function planAgentUninstall(spec: AgentSpec, bundles: Bundles): FileChange[] {
  const json = jsonMerges(spec, bundles, {}).map(({ path, merge }) =>
    planJsonUninstall(path, merge),
  );
  const toml = spec.mcpFormat === 'toml' ? planTomlUninstall(spec.mcpFile) : undefined;
  return defined([...json, toml]);
}
