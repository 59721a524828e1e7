/** The Claude Code hook events claude-mem handles. */
export const HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStop',
  'PreCompact',
  'SessionEnd',
] as const;

/** One of HOOK_EVENTS. */
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** The seed documents' command names. */
const ALIASES: Record<string, HookEvent> = {
  context: 'SessionStart',
  new: 'UserPromptSubmit',
  save: 'PostToolUse',
  summary: 'Stop',
};

const normalize = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/** `SessionStart`, `session-start`, `sessionstart` or an alias -> the event; else undefined. */
export function resolveHookEvent(name: string | undefined): HookEvent | undefined {
  if (!name) return undefined;
  // Own keys only: `constructor` or `__proto__` must not resolve to Object's members.
  const lower = name.toLowerCase();
  if (Object.hasOwn(ALIASES, lower)) return ALIASES[lower];
  return HOOK_EVENTS.find((event) => normalize(event) === normalize(name));
}
