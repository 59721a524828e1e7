import { classifyUserLine, parseTranscriptLines } from '../../transcripts/index.ts';

/** When things happened in one transcript, from the lines' `timestamp`s (ms). */
export interface TranscriptTimes {
  /** Lines the replayer reads (JSON objects). */
  lines: number;
  first: number | undefined;
  last: number | undefined;
  /** Times of the lines the replayer turns into `UserPromptSubmit`, in order (undefined: none). */
  prompts: Array<number | undefined>;
  /** Per tool_use_id: the time of the line holding its (first) result. */
  toolResults: Map<string, number>;
}

type Raw = Record<string, unknown>;

/**
 * The JSON object lines of a transcript, skipping exactly what parseTranscriptLines skips
 * (blank lines, lines that are not JSON objects), so index i here is line i there.
 */
function objectLines(text: string): Raw[] {
  const out: Raw[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        out.push(value as Raw);
    } catch {
      // Counted as unparsable by the replayer; it has no time to give.
    }
  }
  return out;
}

function timeOf(line: Raw | undefined): number | undefined {
  const at = typeof line?.timestamp === 'string' ? Date.parse(line.timestamp) : Number.NaN;
  return Number.isFinite(at) ? at : undefined;
}

function resultIds(line: Raw): string[] {
  const content = (line.message as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: unknown) => {
    const b = block as { type?: unknown; tool_use_id?: unknown } | null;
    return b?.type === 'tool_result' && typeof b.tool_use_id === 'string' ? [b.tool_use_id] : [];
  });
}

/**
 * The times a replay of `text` happened at. The replayer's payloads carry no time, so backfill
 * takes them from here: a prompt from its line (the replayer's own classification picks the
 * lines), a tool event from its result line.
 */
export function transcriptTimes(text: string): TranscriptTimes {
  const raw = objectLines(text);
  const { lines } = parseTranscriptLines(text);
  const times: TranscriptTimes = {
    lines: lines.length,
    first: undefined,
    last: undefined,
    prompts: [],
    toolResults: new Map(),
  };
  raw.forEach((line, index) => {
    const at = timeOf(line);
    if (classifyUserLine(lines, index).kind === 'prompt') times.prompts.push(at);
    if (at === undefined) return;
    times.first = Math.min(times.first ?? at, at);
    times.last = Math.max(times.last ?? at, at);
    for (const id of resultIds(line)) if (!times.toolResults.has(id)) times.toolResults.set(id, at);
  });
  return times;
}
