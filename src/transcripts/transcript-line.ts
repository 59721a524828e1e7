/** One content block of a transcript message, narrowed to the fields the replay reads. */
export interface ContentBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}

/** One transcript line, narrowed to the fields the replay reads. */
export interface TranscriptLine {
  type: string;
  sessionId?: string;
  cwd?: string;
  agentId?: string;
  promptId?: string;
  permissionMode?: string;
  isSidechain: boolean;
  isMeta: boolean;
  isCompactSummary: boolean;
  /** `message.content`: a string, content blocks, or undefined for non-message lines. */
  content: string | ContentBlock[] | undefined;
  /** `toolUseResult` as written (object, string, array), undefined when absent. */
  toolUseResult: unknown;
  /** `timestamp` in ms since the epoch, when the line has a readable one. */
  at?: number;
}

/** The parsed lines of one transcript and how many non-blank lines could not be read. */
export interface ParsedTranscript {
  lines: TranscriptLine[];
  unparsable: number;
}

type JsonObject = Record<string, unknown>;

/** True for a JSON object (not null, not an array). */
export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringField = (obj: JsonObject, key: string): string | undefined => {
  const value = obj[key];
  return typeof value === 'string' ? value : undefined;
};

const BLOCK_STRINGS = ['text', 'id', 'name', 'tool_use_id'] as const;

function toBlock(raw: unknown): ContentBlock | undefined {
  if (!isJsonObject(raw) || typeof raw.type !== 'string') return undefined;
  const block: ContentBlock = { type: raw.type };
  for (const key of BLOCK_STRINGS) {
    const value = stringField(raw, key);
    if (value !== undefined) block[key] = value;
  }
  if (raw.input !== undefined) block.input = raw.input;
  if (raw.content !== undefined) block.content = raw.content;
  if (raw.is_error === true) block.is_error = true;
  return block;
}

function toContent(message: unknown): TranscriptLine['content'] {
  if (!isJsonObject(message)) return undefined;
  const content = message.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  return content.map(toBlock).filter((block): block is ContentBlock => block !== undefined);
}

function toLine(raw: JsonObject): TranscriptLine {
  const line: TranscriptLine = {
    type: stringField(raw, 'type') ?? '',
    isSidechain: raw.isSidechain === true,
    isMeta: raw.isMeta === true,
    isCompactSummary: raw.isCompactSummary === true,
    content: toContent(raw.message),
    toolUseResult: raw.toolUseResult ?? undefined,
  };
  const at = Date.parse(stringField(raw, 'timestamp') ?? '');
  if (Number.isFinite(at)) line.at = at;
  for (const key of ['sessionId', 'cwd', 'agentId', 'promptId', 'permissionMode'] as const) {
    const value = stringField(raw, key);
    if (value !== undefined && value !== '') line[key] = value;
  }
  return line;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Parses JSONL transcript text. Blank lines are skipped; a line that is not JSON, or not a
 * JSON object, is counted in `unparsable` and otherwise ignored.
 */
export function parseTranscriptLines(text: string): ParsedTranscript {
  const lines: TranscriptLine[] = [];
  let unparsable = 0;
  for (const rawLine of text.split('\n')) {
    if (rawLine.trim() === '') continue;
    const value = parseJson(rawLine);
    if (isJsonObject(value)) lines.push(toLine(value));
    else unparsable += 1;
  }
  return { lines, unparsable };
}
