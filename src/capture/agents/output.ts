/**
 * The answer most agents read: `hookSpecificOutput.additionalContext` (Claude Code's shape,
 * which Codex CLI and Gemini CLI took over), or an empty object. Codex rejects `suppressOutput`
 * on tool hooks and Gemini wants only JSON on stdout, so the neutral answer is `{}`.
 */
export function contextOutput(
  nativeEvent: string,
  context: string | undefined,
): Record<string, unknown> {
  if (context === undefined) return {};
  return { hookSpecificOutput: { hookEventName: nativeEvent, additionalContext: context } };
}
