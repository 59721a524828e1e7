import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hasMcpServer } from '../install/mcp-merge.ts';
import { readJsonFile } from '../install/json-file.ts';
import { countAgentHooks } from '../install/agents/hooks-merge.ts';
import { agentSpecs, type AgentSpec } from '../install/agents/specs.ts';
import { hasBlock } from '../install/agents/toml-block.ts';
import { fail, ok, warn, type CheckResult } from './check.ts';

/**
 * Codex runs a hook only once the user trusted it (`/hooks` in Codex), recorded in config.toml
 * as `[hooks.state."<hooks.json path>:<event>:0:0"]` with a `trusted_hash` (seen with Codex
 * 0.169.0's "trust all"). We cannot compute Codex's hash, so this counts the trusted entries
 * naming our hooks file: fewer than our hooks means some are not trusted (a changed hook needs
 * trusting again, which this cannot see).
 */
export function codexTrusted(configText: string, hooksFile: string): number {
  const tables = configText.split(/^(?=\[)/m);
  return tables.filter(
    (table) =>
      table.startsWith('[hooks.state.') &&
      (table.split('\n')[0] ?? '').includes(hooksFile) &&
      /^\s*trusted_hash\s*=/m.test(table),
  ).length;
}

function mcpRegistered(spec: AgentSpec): boolean {
  if (spec.mcpFormat === 'toml') {
    return existsSync(spec.mcpFile) && hasBlock(readFileSync(spec.mcpFile, 'utf8'));
  }
  return hasMcpServer(readJsonFile(spec.mcpFile, spec.jsonc).value);
}

/** Whether any of our hooks, or our MCP server, is in the agent's files. */
function installed(spec: AgentSpec, hookBundle: string): boolean {
  const counts = countAgentHooks(readJsonFile(spec.hooksFile, spec.jsonc).value, spec, hookBundle);
  return counts.some((n) => n > 0) || mcpRegistered(spec);
}

function checkAgent(spec: AgentSpec, hookBundle: string): CheckResult {
  const name = `${spec.agent}`;
  if (!installed(spec, hookBundle)) {
    return ok(name, `not installed ("claude-mem install --agent ${spec.agent}" adds it)`);
  }
  const counts = countAgentHooks(readJsonFile(spec.hooksFile, spec.jsonc).value, spec, hookBundle);
  const missing = spec.hooks.filter((_, i) => counts[i] === 0).map((hook) => hook.event);
  const doubled = spec.hooks.filter((_, i) => (counts[i] ?? 0) > 1).map((hook) => hook.event);
  const again = `run "claude-mem install --agent ${spec.agent}"`;
  if (missing.length > 0) return fail(name, `hooks missing for ${missing.join(', ')}: ${again}`);
  if (doubled.length > 0) return fail(name, `hooks registered twice: ${doubled.join(', ')}`);
  if (!mcpRegistered(spec)) return fail(name, `MCP server not registered: ${again}`);
  if (spec.agent === 'codex') {
    const config = existsSync(spec.mcpFile) ? readFileSync(spec.mcpFile, 'utf8') : '';
    const trusted = codexTrusted(config, spec.hooksFile);
    if (trusted < spec.hooks.length) {
      return warn(
        name,
        `hooks installed, ${trusted} of ${spec.hooks.length} trusted: start codex and trust them in /hooks (Codex skips untrusted hooks)`,
      );
    }
  }
  return ok(name, `hooks (${spec.hooks.length}) and MCP server registered in ${spec.hooksFile}`);
}

/** One result per agent: checked when installed, else "not installed" (not a failure). */
export function checkAgents(cliEntry: string, env: NodeJS.ProcessEnv = process.env): CheckResult[] {
  const hookBundle = join(dirname(cliEntry), 'hook.cjs');
  return agentSpecs(env).map((spec) => {
    try {
      return checkAgent(spec, hookBundle);
    } catch (error) {
      return fail(spec.agent, error instanceof Error ? error.message : String(error));
    }
  });
}

/** The agents other than Claude Code that claude-mem is installed for. */
export function installedAgents(cliEntry: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const hookBundle = join(dirname(cliEntry), 'hook.cjs');
  const safelyInstalled = (spec: AgentSpec): boolean => {
    try {
      return installed(spec, hookBundle);
    } catch {
      return true; // a file doctor cannot read is reported by checkAgents
    }
  };
  return agentSpecs(env)
    .filter(safelyInstalled)
    .map((spec) => spec.agent);
}
