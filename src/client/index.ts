export { readWorkerInfo, liveWorker, isWorkerProcess } from './worker-info.ts';
export type { WorkerInfo } from './worker-info.ts';
export { workerRequest } from './http.ts';
export type { WorkerResponse, RequestOptions } from './http.ts';
export { readOrCreateToken } from './token.ts';
export { readToken } from './read-token.ts';
export { requestOpenLink } from './open-link.ts';
export { ensureWorker, spawnWorker } from './ensure-worker.ts';
export type { EnsureOptions } from './ensure-worker.ts';
export {
  isOlderVersion,
  outdatedWorker,
  askWorkerToStop,
  replaceOutdatedWorker,
} from './handover.ts';
export { portConflict, portHolder } from './port-holder.ts';
export type { PortHolder } from './port-holder.ts';
