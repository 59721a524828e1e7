export { runWorker } from './daemon.ts';
export { createApp } from './app.ts';
export { createOpenLinks } from './open-links.ts';
export type { WorkerDeps } from './worker-deps.ts';
export { ingestAll, ingestBatch } from './capture/ingest.ts';
export { createReplayWorker } from './replay-worker.ts';
export type { ReplayWorker, ReplayWorkerOptions } from './replay-worker.ts';
