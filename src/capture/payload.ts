/** A hook payload: whatever JSON object Claude Code sent. Only the fields we use are checked. */
export type Payload = Record<string, unknown>;

/** Parses stdin text into a payload object, or says why it cannot. */
export function parsePayload(
  text: string,
): { ok: true; payload: Payload } | { ok: false; reason: string } {
  if (text.trim() === '') return { ok: false, reason: 'empty stdin' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: `stdin is not JSON (${text.length} chars)` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reason: 'stdin JSON is not an object' };
  }
  return { ok: true, payload: value as Payload };
}

/** A string field, or undefined when absent or of another type. */
export function str(payload: Payload, key: string): string | undefined {
  const value = payload[key];
  return typeof value === 'string' ? value : undefined;
}

/** A finite number field, or null. */
export function num(payload: Payload, key: string): number | null {
  const value = payload[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const MAX_ID = 256;

/** The session id when it is a sane non-empty string. */
export function sessionIdOf(payload: Payload): string | undefined {
  const id = str(payload, 'session_id')?.trim();
  return id && id.length <= MAX_ID ? id : undefined;
}
