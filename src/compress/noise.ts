import { isOwnMcpTool } from '../config/index.ts';
import type { CompressEvent } from './types.ts';

/** Tools that only manage the agent's own state: nothing a future session needs. */
const BOOKKEEPING = new Set([
  'ToolSearch',
  'TaskList',
  'TaskGet',
  'TaskUpdate',
  'TodoWrite',
  'TodoRead',
  'EnterPlanMode',
  'KillShell',
  'ListMcpResourcesTool',
]);

const SEARCH_TOOLS = new Set(['Glob', 'Grep', 'LS']);

/** A lone listing or navigation command, no pipes, redirections or substitutions. */
const TRIVIAL_COMMAND = /^\s*(?:ls|pwd|cd|echo|clear|which|whoami|date|true)(?:\s[^;&|<>`$]*)?$/;

function foundNothing(response: unknown): boolean {
  if (response === null || response === '') return true;
  if (typeof response === 'string') return /^No (?:files|matches) found\.?$/i.test(response.trim());
  if (typeof response !== 'object') return false;
  const record = response as Record<string, unknown>;
  return record.numFiles === 0 && !record.content;
}

function commandOf(event: CompressEvent): string {
  const input = event.input as { command?: unknown } | null;
  return typeof input?.command === 'string' ? input.command : '';
}

/**
 * Why an event is read-only noise not worth sending to any provider, or undefined. Such events
 * end `skipped` with this reason, visible in `/api/events` and `claude-mem status`.
 */
export function noiseReason(event: CompressEvent): string | undefined {
  if (BOOKKEEPING.has(event.toolName)) return `read-only noise: ${event.toolName} is bookkeeping`;
  // Captured before the hook dropped them, or imported from an older export.
  if (isOwnMcpTool(event.toolName)) return `memory tool: ${event.toolName} is claude-mem's own`;
  if (event.failed) return undefined;
  if (SEARCH_TOOLS.has(event.toolName) && foundNothing(event.response)) {
    return 'read-only noise: the search found nothing';
  }
  if (event.toolName === 'Bash' && TRIVIAL_COMMAND.test(commandOf(event))) {
    return 'read-only noise: a listing or navigation command';
  }
  return undefined;
}
