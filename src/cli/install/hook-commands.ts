import type { HookEvent } from '../../capture/index.ts';
import { NODE_RUNTIME, type HookRuntime } from './hook-runtime.ts';

/**
 * One hook claude-mem registers: its event, the matcher Claude Code filters it by, how long
 * Claude Code lets it run (s), and whether Claude Code runs it without waiting for it.
 */
export interface RegisteredHook {
  event: HookEvent;
  matcher?: string;
  timeout: number;
  background?: boolean;
}

/**
 * The hook events claude-mem registers. Hooks that only capture run in the background (issue
 * 33): the agent does not wait for them. Those that answer (context, recall) stay in the
 * foreground, and so does Stop: at the end of a `claude -p` run, Claude Code 2.1.330 sends
 * SIGTERM to background hooks still running (seen ~130 ms after a background Stop hook started)
 * and SIGKILL about a second later, and Stop is the last hook before that end. A background
 * PostToolUse has the next model answer and the Stop hook before it; SessionEnd's background
 * hooks outlive the CLI (seen, 2.1.330), their stdin delivered whole.
 */
export const REGISTERED_HOOKS: ReadonlyArray<RegisteredHook> = [
  { event: 'SessionStart', matcher: 'startup|resume|clear|compact', timeout: 15 },
  { event: 'UserPromptSubmit', timeout: 10 },
  // File-time recall (issue 15): memories of the file about to be read or edited; dead-end
  // warnings before a command or an edit (issue 34).
  { event: 'PreToolUse', matcher: 'Read|Edit|Write|MultiEdit|Bash', timeout: 5 },
  { event: 'PostToolUse', matcher: '*', timeout: 10, background: true },
  { event: 'PostToolUseFailure', matcher: '*', timeout: 10, background: true },
  { event: 'Stop', timeout: 10 },
  { event: 'SubagentStop', timeout: 10, background: true },
  { event: 'PreCompact', timeout: 10, background: true },
  { event: 'SessionEnd', timeout: 10, background: true },
];

/**
 * The entry Claude Code reads for one of our hooks. `"async": true` is Claude Code's own field
 * ("If true, hook runs in background without blocking", the hook schema of 2.1.330): it starts
 * the command and goes on without waiting for it.
 */
export function hookEntry(hook: RegisteredHook, command: string): Record<string, unknown> {
  return {
    type: 'command',
    command,
    timeout: hook.timeout,
    ...(hook.background ? { async: true } : {}),
  };
}

/**
 * The command Claude Code runs for `event`: the runtime (`node`, or Bun by its path) on the
 * small hook bundle directly, so a hook costs one process (no shell wrapper, no login shell, no
 * npx resolution).
 */
export function hookCommand(
  hookBundle: string,
  event: HookEvent,
  runtime: HookRuntime = NODE_RUNTIME,
): string {
  return `${runtime.command} "${hookBundle}" ${event}`;
}

/**
 * The command a repository's committed settings run (`install --project`): the package's small
 * `claude-mem-hook` bin found on PATH, so the same line works on every teammate's machine, and a
 * hook still starts only the hook bundle (half the time of the full `claude-mem hook`).
 */
export const PORTABLE_HOOK_BIN = 'claude-mem-hook';

/** `claude-mem-hook <Event>`. */
export function portableHookCommand(event: HookEvent): string {
  return `${PORTABLE_HOOK_BIN} ${event}`;
}

// `node`, or Bun by its quoted absolute path (`install --runtime bun`).
const RUNTIME = /^(?:node|"[^"]*[/\\]bun") /;
const OURS = /^(?:node|"[^"]*[/\\]bun") "[^"]*[/\\]hook\.cjs" [A-Za-z]+$/;
const PORTABLE = /^claude-mem-hook [A-Za-z]+$/;

/** Whether a command is our portable PATH form. */
export function isPortableCommand(command: unknown): boolean {
  return typeof command === 'string' && PORTABLE.test(command);
}

/** Whether a registered command is one of ours (any install location of the hook bundle). */
export function isOurCommand(command: unknown, hookBundle: string): boolean {
  if (typeof command !== 'string') return false;
  return (
    PORTABLE.test(command) ||
    (RUNTIME.test(command) && command.replace(RUNTIME, '').startsWith(`"${hookBundle}" `)) ||
    (OURS.test(command) && command.includes('claude-mem'))
  );
}
