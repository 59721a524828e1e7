import { resultText, toolResultsOf, toolUsesOf } from './blocks.ts';
import type {
  PayloadCommon,
  PostToolUseFailurePayload,
  PostToolUsePayload,
} from './hook-payload.ts';
import { isJsonObject } from './transcript-line.ts';
import type { ContentBlock, TranscriptLine } from './transcript-line.ts';

/** A tool use joined with its result. */
export interface ToolPair {
  toolUseId: string;
  toolName: string;
  toolInput: Record<string, unknown>;
  /** The `agentId` of the tool_use line, for sidechain lines inside a main transcript. */
  agentId: string | undefined;
  sidechain: boolean;
  isError: boolean;
  /** `toolUseResult` of the result line, else the tool_result content. */
  response: unknown;
  /** The result content as text (used as `error`). */
  text: string;
}

type PendingUse = Pick<ToolPair, 'toolName' | 'toolInput' | 'agentId' | 'sidechain'>;

const asInput = (input: unknown): Record<string, unknown> => (isJsonObject(input) ? input : {});

/**
 * Joins tool uses with results that may arrive lines later. Each tool_use id pairs once:
 * a repeated result line yields nothing, and a result without a tool use yields nothing.
 */
export function createToolPairer() {
  const pending = new Map<string, PendingUse>();
  const paired = new Set<string>();

  function addUses(line: TranscriptLine): void {
    for (const use of toolUsesOf(line)) {
      const id = use.id ?? '';
      if (pending.has(id) || paired.has(id)) continue;
      const toolInput = asInput(use.input);
      const where = { agentId: line.agentId, sidechain: line.isSidechain };
      pending.set(id, { toolName: use.name ?? '', toolInput, ...where });
    }
  }

  // `toolUseResult` belongs to the line, so it is only used when the line answers one tool.
  function pairOne(line: TranscriptLine, block: ContentBlock, single: boolean): ToolPair[] {
    const id = block.tool_use_id ?? '';
    const use = pending.get(id);
    if (use === undefined) return [];
    pending.delete(id);
    paired.add(id);
    const fromLine = single && line.toolUseResult !== undefined;
    const response = fromLine ? line.toolUseResult : block.content;
    const result = { isError: block.is_error === true, response, text: resultText(block.content) };
    return [{ ...use, toolUseId: id, ...result }];
  }

  function takeResults(line: TranscriptLine): ToolPair[] {
    const results = toolResultsOf(line);
    return results.flatMap((block) => pairOne(line, block, results.length === 1));
  }

  return { addUses, takeResults };
}

/** The `PostToolUse` or, for an error result, `PostToolUseFailure` payload of a pair. */
export function toolPayload(
  pair: ToolPair,
  base: PayloadCommon,
): PostToolUsePayload | PostToolUseFailurePayload {
  const tool = { tool_name: pair.toolName, tool_input: pair.toolInput };
  if (!pair.isError) {
    const rest = { tool_response: pair.response, tool_use_id: pair.toolUseId };
    return { ...base, hook_event_name: 'PostToolUse', ...tool, ...rest };
  }
  const isInterrupt = pair.text.startsWith('[Request interrupted by user');
  const rest = { tool_use_id: pair.toolUseId, error: pair.text, is_interrupt: isInterrupt };
  return { ...base, hook_event_name: 'PostToolUseFailure', ...tool, ...rest };
}
