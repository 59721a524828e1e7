/** The string fields of a hook payload that we read. */
type StringField =
  | 'session_id'
  | 'cwd'
  | 'transcript_path'
  | 'hook_event_name'
  | 'prompt'
  | 'tool_name'
  | 'tool_use_id'
  | 'agent_id'
  | 'error'
  | 'last_assistant_message'
  | 'source'
  | 'trigger'
  | 'reason';

// One string split at run time rather than an array literal: the hook bundle is size-critical.
const STRING_FIELDS =
  'session_id cwd transcript_path hook_event_name prompt tool_name tool_use_id agent_id error last_assistant_message source trigger reason'.split(
    ' ',
  ) satisfies string[] as StringField[];

/**
 * A hook payload as Claude Code sends it: the fields we use, typed, and whatever else it holds
 * (a new Claude Code field never breaks a hook). Each field is optional: events carry some.
 */
export type HookInput = { readonly [field: string]: unknown } & {
  readonly [K in StringField]?: string;
} & {
  readonly tool_input?: unknown;
  readonly tool_response?: unknown;
  /** Finite, or absent. */
  readonly duration_ms?: number;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value == 'object' && !Array.isArray(value);

/**
 * Whether `value` is an object; if so, drops the fields we use that hold another type than ours
 * (a number where a string belongs...), so that what is left is a HookInput. Tolerant on purpose:
 * a malformed field reads as absent, and fields we do not know stay.
 */
function isHookInput(value: unknown): value is HookInput {
  if (!isObject(value)) return false;
  for (const key of STRING_FIELDS) if (typeof value[key] != 'string') delete value[key];
  if (!Number.isFinite(value.duration_ms)) delete value.duration_ms;
  return true;
}

/** Parses stdin text into a hook payload, or says why it cannot. */
export function parsePayload(
  text: string,
): { ok: true; payload: HookInput } | { ok: false; reason: string } {
  if (text.trim() === '') return { ok: false, reason: 'empty stdin' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: `stdin is not JSON (${text.length} chars)` };
  }
  if (!isHookInput(value)) {
    return { ok: false, reason: 'stdin JSON is not an object' };
  }
  return { ok: true, payload: value };
}

/** A string field outside HookInput's, or undefined when absent or of another type. */
export function str(payload: HookInput, key: string): string | undefined {
  const value = payload[key];
  return typeof value === 'string' ? value : undefined;
}

const MAX_ID = 256;

/** The session id when it is a sane non-empty string. */
export function sessionIdOf(payload: HookInput): string | undefined {
  const id = payload.session_id?.trim();
  return id && id.length <= MAX_ID ? id : undefined;
}
