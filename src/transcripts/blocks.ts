import type { ContentBlock, TranscriptLine } from './transcript-line.ts';

const blocksOf = (line: TranscriptLine): ContentBlock[] =>
  Array.isArray(line.content) ? line.content : [];

/** The `tool_use` blocks of an assistant line that carry an id and a tool name. */
export function toolUsesOf(line: TranscriptLine): ContentBlock[] {
  if (line.type !== 'assistant') return [];
  return blocksOf(line).filter((b) => b.type === 'tool_use' && b.id !== undefined && b.name);
}

/** The `tool_result` blocks of a user line that name the tool use they answer. */
export function toolResultsOf(line: TranscriptLine): ContentBlock[] {
  if (line.type !== 'user') return [];
  return blocksOf(line).filter((b) => b.type === 'tool_result' && b.tool_use_id !== undefined);
}

/** The texts of a line's `text` blocks, or the whole content when it is a string. */
export function textsOf(line: TranscriptLine): string[] {
  if (typeof line.content === 'string') return [line.content];
  return blocksOf(line).flatMap((b) => (b.type === 'text' && b.text !== undefined ? [b.text] : []));
}

/** A tool result's content as text: the string itself, or its text blocks joined by newlines. */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts = content.flatMap((b: unknown) =>
    typeof b === 'object' && b !== null && 'text' in b && typeof b.text === 'string'
      ? [b.text]
      : [],
  );
  return texts.join('\n');
}
