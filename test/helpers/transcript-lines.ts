/**
 * Builders for hand-written transcripts in tests. Lines look like Claude Code 2.1 lines,
 * reduced to the fields the replay reads; `extra` overrides or adds fields.
 */
type Json = Record<string, unknown>;

const common = { sessionId: 'sess-1', cwd: '/proj', isSidechain: false, userType: 'external' };

/** A user line whose content is a string or content blocks. */
export const userLine = (content: string | Json[], extra: Json = {}): Json => ({
  ...common,
  type: 'user',
  message: { role: 'user', content },
  ...extra,
});

/** An assistant line; lines of one API message share `messageId`. */
export const assistantLine = (messageId: string, blocks: Json[], extra: Json = {}): Json => ({
  ...common,
  type: 'assistant',
  message: { id: messageId, role: 'assistant', content: blocks },
  ...extra,
});

export const text = (value: string): Json => ({ type: 'text', text: value });

export const toolUse = (id: string, name: string, input: Json = {}): Json => ({
  type: 'tool_use',
  id,
  name,
  input,
});

/** A user line answering one tool use; `toolUseResult` is added only when given. */
export function resultLine(
  id: string,
  content: unknown,
  opts: { isError?: boolean; toolUseResult?: unknown; extra?: Json } = {},
): Json {
  const block = { type: 'tool_result', tool_use_id: id, content, is_error: opts.isError ?? false };
  const line = userLine([block], opts.extra);
  return opts.toolUseResult === undefined ? line : { ...line, toolUseResult: opts.toolUseResult };
}

/** Joins lines into JSONL text (each line JSON, newline-terminated). */
export const jsonl = (...lines: Array<Json | string>): string =>
  lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n';
