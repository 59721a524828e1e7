import type { HookEvent } from '../../capture/index.ts';

/** The hook events claude-mem registers, with the matcher Claude Code filters them by. */
export const REGISTERED_HOOKS: ReadonlyArray<{
  event: HookEvent;
  matcher?: string;
  timeout: number;
}> = [
  { event: 'SessionStart', matcher: 'startup|resume|clear|compact', timeout: 15 },
  { event: 'UserPromptSubmit', timeout: 10 },
  // File-time recall (issue 15): memories of the file about to be read or edited.
  { event: 'PreToolUse', matcher: 'Read|Edit|Write|MultiEdit', timeout: 5 },
  { event: 'PostToolUse', matcher: '*', timeout: 10 },
  { event: 'PostToolUseFailure', matcher: '*', timeout: 10 },
  { event: 'Stop', timeout: 10 },
  { event: 'SubagentStop', timeout: 10 },
  { event: 'PreCompact', timeout: 10 },
  { event: 'SessionEnd', timeout: 10 },
];

/**
 * The command Claude Code runs for `event`: `node` on the small hook bundle directly, so a hook
 * costs one process (no shell wrapper, no login shell, no npx resolution).
 */
export function hookCommand(hookBundle: string, event: HookEvent): string {
  return `node "${hookBundle}" ${event}`;
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

const OURS = /^node "[^"]*[/\\]hook\.cjs" [A-Za-z]+$/;
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
    command.startsWith(`node "${hookBundle}" `) ||
    (OURS.test(command) && command.includes('claude-mem'))
  );
}
