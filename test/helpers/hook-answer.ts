const NEUTRAL_LINE = '{"continue":true,"suppressOutput":true}\n';

/** The events whose answer may carry recalled memory, and the block each one wraps it in. */
const CONTEXT_BLOCKS: Record<string, [open: string, close: string]> = {
  SessionStart: ['<claude-mem-context>', '</claude-mem-context>'],
  UserPromptSubmit: ['<claude-mem-recall>', '</claude-mem-recall>'],
  PreToolUse: ['<claude-mem-recall>', '</claude-mem-recall>'],
};

/**
 * A hook's stdout with recalled context folded away: a well-formed answer that carries the
 * SessionStart `<claude-mem-context>` or a prompt-time / file-time `<claude-mem-recall>` block
 * becomes the neutral line, anything else stays as printed. Lets capture tests demand "neutral"
 * whether or not the recall layer had something to give (it depends on how fast the worker
 * answered and on what compression has stored by then).
 */
export function foldContext(stdout: string): string {
  if (!stdout.endsWith('}\n') || stdout.indexOf('\n') !== stdout.length - 1) return stdout;
  const answer = JSON.parse(stdout) as {
    continue?: unknown;
    hookSpecificOutput?: { hookEventName?: unknown; additionalContext?: unknown };
  };
  const event = answer.hookSpecificOutput?.hookEventName;
  const context = answer.hookSpecificOutput?.additionalContext;
  const block = typeof event === 'string' ? CONTEXT_BLOCKS[event] : undefined;
  const wellFormed =
    answer.continue === true &&
    block !== undefined &&
    typeof context === 'string' &&
    context.startsWith(block[0]) &&
    context.endsWith(block[1]);
  return wellFormed ? NEUTRAL_LINE : stdout;
}

/**
 * A context with the clock of its first line (`# claude-mem: project P, 2026-11-26 09:51`) taken
 * out: two contexts built a moment apart, on either side of a minute, are otherwise the same.
 */
export function unclocked(context: string): string {
  return context.replace(/^(# claude-mem: project .*), \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/m, '$1');
}
