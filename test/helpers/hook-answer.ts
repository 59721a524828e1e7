const NEUTRAL_LINE = '{"continue":true,"suppressOutput":true}\n';

/**
 * A hook's stdout with SessionStart context folded away: a well-formed SessionStart answer that
 * carries `<claude-mem-context>` becomes the neutral line, anything else stays as printed. Lets
 * capture tests demand "neutral" whether or not the recall layer had context to give.
 */
export function foldContext(stdout: string): string {
  if (!stdout.endsWith('}\n') || stdout.indexOf('\n') !== stdout.length - 1) return stdout;
  const answer = JSON.parse(stdout) as {
    continue?: unknown;
    suppressOutput?: unknown;
    hookSpecificOutput?: { hookEventName?: unknown; additionalContext?: unknown };
  };
  const context = answer.hookSpecificOutput?.additionalContext;
  const wellFormed =
    answer.continue === true &&
    answer.hookSpecificOutput?.hookEventName === 'SessionStart' &&
    typeof context === 'string' &&
    context.startsWith('<claude-mem-context>') &&
    context.endsWith('</claude-mem-context>');
  return wellFormed ? NEUTRAL_LINE : stdout;
}
