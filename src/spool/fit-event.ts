import type { SpoolEvent } from './event.ts';

/** The fields that can be long: a tool's input and response, a prompt, an assistant message. */
const LONG_FIELDS = ['input', 'response', 'text', 'lastAssistantMessage'] as const;

const CUT_MARK = '[cut to fit the disk-full reserve] ';

/**
 * The event as JSON of at most `maxBytes` UTF-8 bytes, its long fields cut (head kept, marked)
 * when it does not fit whole: on a full disk a shortened event beats a lost one. Undefined when
 * even the event without its long fields is too big.
 */
export function fitEvent(event: SpoolEvent, maxBytes: number): string | undefined {
  const whole = JSON.stringify(event);
  if (Buffer.byteLength(whole) <= maxBytes) return whole;
  const record = event as unknown as Record<string, unknown>;
  const present = LONG_FIELDS.filter((field) => record[field] !== undefined);
  const bare = JSON.stringify({ ...record, ...Object.fromEntries(present.map((f) => [f, ''])) });
  // Each field gets an equal share; JSON escaping and multi-byte characters can grow a cut
  // text, so the share is shrunk until the whole fits.
  let share = Math.floor((maxBytes - Buffer.byteLength(bare)) / Math.max(present.length, 1));
  while (share > CUT_MARK.length) {
    const cut = Object.fromEntries(present.map((field) => [field, cutField(record[field], share)]));
    const text = JSON.stringify({ ...record, ...cut });
    if (Buffer.byteLength(text) <= maxBytes) return text;
    share = Math.floor(share * 0.8);
  }
  return undefined;
}

function cutField(value: unknown, share: number): unknown {
  if (value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length <= share ? value : CUT_MARK + text.slice(0, share - CUT_MARK.length);
}
