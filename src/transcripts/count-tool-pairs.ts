import { toolResultsOf, toolUsesOf } from './blocks.ts';
import { parseTranscriptLines } from './transcript-line.ts';

/**
 * How many distinct tool_use ids of a transcript have a tool_result in the same transcript:
 * the number of PostToolUse/PostToolUseFailure payloads its replay yields.
 */
export function countToolPairs(text: string): number {
  const { lines } = parseTranscriptLines(text);
  const used = new Set(lines.flatMap((line) => toolUsesOf(line).map((block) => block.id)));
  const answered = new Set(lines.flatMap((line) => toolResultsOf(line).map((b) => b.tool_use_id)));
  return [...used].filter((id) => answered.has(id)).length;
}
