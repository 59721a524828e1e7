import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../../config/index.ts';
import { CliError } from '../../cli-error.ts';
import { removeMcpServer } from '../mcp-merge.ts';
import { planJson, readJsonFile, sameJson, serialize, type FileChange } from '../json-file.ts';
import { addAgentHooks, removeAgentHooks } from './hooks-merge.ts';
import { addAgentMcp, agentMcpEntry } from './mcp-entries.ts';
import type { AgentSpec } from './specs.ts';
import { addBlock, codexMcpBlock, hasForeignServer, removeBlock } from './toml-block.ts';

type Json = Record<string, unknown>;
type Update = (value: Json) => Json;

/** Where this install's bundles are. */
export interface Bundles {
  hookBundle: string;
  cliEntry: string;
}

function planToml(path: string, block: string): FileChange | undefined {
  const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (hasForeignServer(before)) {
    throw new CliError(`${path} already has an [mcp_servers.claude-mem] of yours; nothing changed`);
  }
  const after = addBlock(before, block);
  if (after === before) return undefined;
  return {
    path,
    before,
    after,
    apply: () => {
      mkdirSync(dirname(path), { recursive: true });
      const backup = existsSync(path) ? `${path}.claude-mem.bak` : undefined;
      if (backup) copyFileSync(path, backup);
      writeFileAtomic(path, after, 0o600, false);
      return backup;
    },
  };
}

/** The file changes that install this agent's hooks and MCP server (none when in place). */
export function planAgentInstall(
  spec: AgentSpec,
  bundles: Bundles,
  env: NodeJS.ProcessEnv,
): FileChange[] {
  const hooks: Update = (value) => addAgentHooks(value, spec, bundles.hookBundle);
  const mcp: Update = (value) =>
    addAgentMcp(value, agentMcpEntry(spec.agent, bundles.cliEntry, env));
  const changes =
    spec.mcpFormat === 'toml'
      ? [
          planJson(spec.hooksFile, hooks),
          planToml(spec.mcpFile, codexMcpBlock(bundles.cliEntry, env)),
        ]
      : spec.mcpFile === spec.hooksFile
        ? [planJson(spec.hooksFile, (value) => mcp(hooks(value)))]
        : [planJson(spec.hooksFile, hooks), planJson(spec.mcpFile, mcp)];
  return changes.filter((change): change is FileChange => change !== undefined);
}

/**
 * Writes `after` unless the file ends as install found it: then the backup's exact bytes are
 * restored, and a file install created is removed.
 */
function restore(path: string, after: string, empty: boolean, print: (line: string) => void) {
  const backup = `${path}.claude-mem.bak`;
  const backupText = existsSync(backup) ? readFileSync(backup, 'utf8') : undefined;
  if (backupText === undefined && empty) {
    rmSync(path);
    print(`removed ${path}`);
    return;
  }
  const exact = backupText !== undefined && sameText(after, backupText);
  writeFileAtomic(path, exact ? backupText : after, 0o600, false);
  if (exact) rmSync(backup);
  print(`updated ${path}`);
}

function sameText(after: string, backup: string): boolean {
  if (after === backup) return true;
  try {
    return sameJson(JSON.parse(after), JSON.parse(backup));
  } catch {
    return false;
  }
}

function unmergeJson(path: string, update: Update, print: (line: string) => void): void {
  const file = readJsonFile(path);
  if (!file.exists) return;
  const next = update(file.value);
  if (sameJson(next, file.value)) return;
  restore(path, serialize(next, file.text), Object.keys(next).length === 0, print);
}

function unmergeToml(path: string, print: (line: string) => void): void {
  if (!existsSync(path)) return;
  const text = readFileSync(path, 'utf8');
  const after = removeBlock(text);
  if (after !== text) restore(path, after, after.trim() === '', print);
}

/** Removes exactly what install added for this agent. */
export function uninstallAgent(spec: AgentSpec, hookBundle: string, print: (l: string) => void) {
  unmergeJson(spec.hooksFile, (value) => removeAgentHooks(value, spec, hookBundle), print);
  if (spec.mcpFormat === 'toml') unmergeToml(spec.mcpFile, print);
  else unmergeJson(spec.mcpFile, removeMcpServer, print);
}
