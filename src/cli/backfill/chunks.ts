import type { SpoolEvent } from '../../spool/index.ts';

/** Bounds of one request to the worker. */
export interface ChunkLimits {
  maxEvents: number;
  maxBytes: number;
}

/** Default bounds: a few hundred events, a few MB (a single long turn may exceed them). */
export const CHUNK_LIMITS: ChunkLimits = { maxEvents: 300, maxBytes: 4_000_000 };

/**
 * Cuts a session's events into [start, end) ranges for one request (one transaction) each.
 * A cut is made only before a prompt, so every turn arrives whole: the worker compresses a
 * backfilled turn as soon as it lands (its events are old), and a turn split over two requests
 * would be compressed in two halves, differently from a run that was not interrupted. The same
 * events always give the same ranges, so a saved offset is always a range's end.
 */
export function chunkRanges(
  events: readonly SpoolEvent[],
  limits: ChunkLimits = CHUNK_LIMITS,
): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start = 0;
  let bytes = 0;
  events.forEach((event, index) => {
    const full = index - start >= limits.maxEvents || bytes >= limits.maxBytes;
    if (event.kind === 'prompt' && index > start && full) {
      ranges.push([start, index]);
      start = index;
      bytes = 0;
    }
    bytes += JSON.stringify(event).length;
  });
  if (start < events.length) ranges.push([start, events.length]);
  return ranges;
}
