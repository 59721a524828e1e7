import { elide } from '../privacy/index.ts';
import { observationMessage, observationSystem } from './prompts.ts';
import { renderEvent, type RenderOptions } from './render-event.ts';
import { tokenCeiling } from '../domain/index.ts';
import type { CompressEvent, TurnBatch } from './types.ts';

/** Bounds of one observation request. */
export interface SliceLimits {
  /** At most this many events per request (N). */
  maxEvents: number;
  /** Hard cap of a request's estimated input tokens (K), instructions included. */
  maxInputTokens: number;
  /** Per-field elision budget in characters. */
  fieldChars: number;
}

/** A slice of a turn and whether it is full (hit N or K), i.e. worth sending before the turn ends. */
export interface Slice {
  batch: TurnBatch;
  full: boolean;
}

/** Room kept free for the correction retry's instruction. */
const CORRECTION_RESERVE = 200;

/** Shrinks one event's input and response until its rendering fits in `room` tokens. */
function shrinkToFit(event: CompressEvent, room: number, options: RenderOptions): CompressEvent {
  let chars = options.fieldChars;
  let shrunk = event;
  while (tokenCeiling(renderEvent(shrunk, 1, options)) > room && chars > 50) {
    chars = Math.floor(chars / 2);
    const cut = (value: unknown) => (value == null ? value : elide(JSON.stringify(value), chars));
    shrunk = {
      ...event,
      input: cut(event.input),
      response: cut(event.response),
      error: event.error && elide(event.error, chars),
    };
  }
  return shrunk;
}

/**
 * Estimated tokens of a batch's request without its events: instructions, header and, for a
 * closing batch, the summary's context, all repeated in every slice.
 */
export function frameTokens(batch: TurnBatch, fieldChars: number): number {
  const options = { root: batch.root, fieldChars };
  return tokenCeiling(
    `${observationSystem(batch)}${observationMessage({ ...batch, events: [] }, options)}`,
  );
}

/**
 * Cuts a turn's events, in order, into requests of at most `maxEvents` events whose estimated
 * size (instructions, header and rendered events) stays under `maxInputTokens`. An event too big
 * for a request of its own is shrunk further. The last slice is `full` only if it hit a limit.
 */
export function sliceTurn(batch: TurnBatch, limits: SliceLimits): Slice[] {
  const options = { root: batch.root, fieldChars: limits.fieldChars };
  const fixed = frameTokens(batch, limits.fieldChars);
  const room = limits.maxInputTokens - fixed - CORRECTION_RESERVE;
  const slices: Slice[] = [];
  let current: CompressEvent[] = [];
  let used = 0;
  const close = (full: boolean) => {
    if (current.length > 0) slices.push({ batch: { ...batch, events: current }, full });
    current = [];
    used = 0;
  };
  for (const original of batch.events) {
    const event = shrinkToFit(original, room, options);
    const cost = tokenCeiling(renderEvent(event, current.length + 1, options)) + 1;
    if (current.length > 0 && used + cost > room) close(true);
    current.push(event);
    used += cost;
    if (current.length >= limits.maxEvents) close(true);
  }
  close(false);
  return slices;
}
