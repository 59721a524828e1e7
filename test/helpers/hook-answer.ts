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
