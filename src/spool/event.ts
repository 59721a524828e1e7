/** Where an event came from: the project identity resolved by the hook. */
export interface SpoolProject {
  name: string;
  root: string;
}

interface Base {
  v: 1;
  /** Unique id of this captured event: the idempotency key of ingestion. */
  id: string;
  /** Capture time, ms since the epoch. */
  at: number;
  sessionId: string;
  project: SpoolProject;
  cwd: string;
  transcriptPath?: string | undefined;
  /** The coding agent that captured it (`codex`, `gemini`, `copilot`); absent: Claude Code. */
  agent?: string | undefined;
}

/** One captured hook event, as written to the spool by a hook and read by the worker. */
export type SpoolEvent =
  | (Base & { kind: 'session-start'; source: string })
  | (Base & { kind: 'prompt'; text: string | null })
  | (Base & {
      kind: 'tool';
      toolName: string;
      toolUseId: string | null;
      agentId: string | null;
      input: unknown;
      response: unknown;
      error: string | null;
      failed: boolean;
      durationMs: number | null;
    })
  | (Base & { kind: 'turn-end'; agentId: string | null; lastAssistantMessage: string })
  | (Base & { kind: 'pre-compact'; trigger: string })
  | (Base & { kind: 'session-end'; reason: string });

/** The kind of a spool event. */
export type SpoolKind = SpoolEvent['kind'];

const KINDS: ReadonlySet<string> = new Set([
  'session-start',
  'prompt',
  'tool',
  'turn-end',
  'pre-compact',
  'session-end',
]);

/** Why a spool file could not be used. */
export type ParsedSpool = { ok: true; event: SpoolEvent } | { ok: false; reason: string };

const isText = (value: unknown): value is string => typeof value === 'string';

function checkBase(value: Record<string, unknown>): string | undefined {
  if (value.v !== 1) return 'unsupported version';
  if (!isText(value.id) || value.id === '') return 'missing id';
  if (typeof value.at !== 'number') return 'missing at';
  if (!isText(value.sessionId) || value.sessionId === '') return 'missing sessionId';
  if (!isText(value.cwd)) return 'missing cwd';
  const project = value.project as Record<string, unknown> | undefined;
  if (!project || !isText(project.name) || !isText(project.root)) return 'missing project';
  if (!isText(value.kind) || !KINDS.has(value.kind)) return `unknown kind ${String(value.kind)}`;
  if (value.kind === 'tool' && !isText(value.toolName)) return 'tool event without toolName';
  return undefined;
}

/** Parses and checks a spool file's text. Never throws. */
export function parseSpoolEvent(text: string): ParsedSpool {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: `not valid JSON (${text.length} bytes, truncated or corrupt)` };
  }
  if (!value || typeof value !== 'object') return { ok: false, reason: 'not a JSON object' };
  const problem = checkBase(value as Record<string, unknown>);
  return problem ? { ok: false, reason: problem } : { ok: true, event: value as SpoolEvent };
}
