import type { Hono } from 'hono';
import type { Applied } from './capture/apply-event.ts';

/**
 * A part of the worker with its own routes and background work (compression, recall). The
 * daemon starts each, mounts its routes, tells it what was ingested, and stops it on shutdown.
 */
export interface WorkerService {
  name: string;
  routes?: Hono;
  /** Starts background work; called once the worker has won its port. */
  start?(): void;
  /** Called after events were stored (by ingest or by the capture routes). */
  onApplied?(applied: Applied[]): void;
  /** Stops background work; resolves when the work in flight is finished or abandoned safely. */
  stop(): Promise<void>;
}
