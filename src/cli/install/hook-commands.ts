import type { HookEvent } from '../../capture/index.ts';

/** The hook events claude-mem registers, with the matcher Claude Code filters them by. */
export const REGISTERED_HOOKS: ReadonlyArray<{
  event: HookEvent;
  matcher?: string;
  timeout: number;
}> = [
  { event: 'SessionStart', matcher: 'startup|resume|clear|compact', timeout: 15 },
  { event: 'UserPromptSubmit', timeout: 10 },
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

const OURS = /^node "[^"]*[/\\]hook\.cjs" [A-Za-z]+$/;

/** Whether a registered command is one of ours (any install location of the hook bundle). */
export function isOurCommand(command: unknown, hookBundle: string): boolean {
  if (typeof command !== 'string') return false;
  return (
    command.startsWith(`node "${hookBundle}" `) ||
    (OURS.test(command) && command.includes('claude-mem'))
  );
}
