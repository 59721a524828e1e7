/**
 * The Claude Code hook events `claude-mem install` registers, written out here (not derived from
 * src/cli/install/hook-commands.ts) so a test of the install notices one going missing.
 */
export const CLAUDE_CODE_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStop',
  'PreCompact',
  'SessionEnd',
];
