import { mayNeedSanitizing, sanitizeText, sanitizeValue } from '../privacy/index.ts';

/** Which fields of a write hold text, and which hold JSON text of a captured value. */
export interface DoorFields<T> {
  text?: readonly (keyof T)[];
  json?: readonly (keyof T)[];
}

function cleanJson(value: unknown): unknown {
  // Most captured fields were cleaned by the hook and hold no needle: not parsed again (the full
  // walk cost 0.3 s per MB of events at ingest).
  if (typeof value !== 'string' || !mayNeedSanitizing(value)) return value;
  try {
    return JSON.stringify(sanitizeValue(JSON.parse(value)));
  } catch {
    // Not JSON after all: stored as text, so cleaned as text.
    return sanitizeText(value);
  }
}

/**
 * The privacy door: every store function that writes text people or tools wrote passes its
 * input through here, so `<private>` blocks and secrets are gone whatever the way in (capture,
 * save_memory, edits, import, backfill, sync). Strings and string lists of the `text` fields go
 * through `sanitizeText`; `json` fields (captured tool input and response) are parsed, cleaned
 * value by value and written again, so they stay valid JSON. Idempotent: what the hook already
 * cleaned comes through unchanged.
 */
export function throughDoor<T extends object>(input: T, fields: DoorFields<T>): T {
  const out: T = { ...input };
  for (const key of fields.text ?? []) out[key] = sanitizeValue(input[key]) as T[typeof key];
  for (const key of fields.json ?? []) out[key] = cleanJson(input[key]) as T[typeof key];
  return out;
}
