import { Hono } from 'hono';
import type { CompressionStatus } from './compress-status.ts';

/** What the compression routes call. */
export interface CompressionControl {
  status(): CompressionStatus;
  /** Requeues every failed event and turn end; returns how many. */
  retry(): { events: number; turns: number };
}

/**
 * GET /api/compression/status: provider in use and why, events and turns per state, today's
 * tokens per provider, budget left. POST /api/compression/retry (token): failed work back to
 * pending, compressed on the next pass.
 */
export function compressRoutes(control: CompressionControl): Hono {
  return new Hono()
    .get('/api/compression/status', (c) => c.json(control.status()))
    .post('/api/compression/retry', (c) => c.json({ requeued: control.retry() }));
}
