import { dataDirId } from '../config/index.ts';
import { workerRequest } from './http.ts';

/** What answers on 127.0.0.1:`port`, from the point of view of the worker of `dataDir`. */
export type PortHolder =
  { kind: 'free' } | { kind: 'worker'; sameDataDir: boolean } | { kind: 'other-program' };

/**
 * Asks whoever holds `port` for /health (at most 2 s). A claude-mem worker says which data folder
 * it serves; one from before that field existed is taken to serve this one, as it used to be.
 * Anything else that accepts the connection, answering or not, is another program.
 */
export async function portHolder(port: number, dataDir: string): Promise<PortHolder> {
  try {
    const res = await workerRequest(port, '/health', { timeoutMs: 2000 });
    const body = res.body as { status?: unknown; dataDirId?: unknown } | undefined;
    // "degraded": our worker with a database fault (issue 12), still a worker of ours.
    const ours = body?.status === 'ok' || body?.status === 'degraded';
    if (res.status !== 200 || !ours) return { kind: 'other-program' };
    const sameDataDir = body.dataDirId === undefined || body.dataDirId === dataDirId(dataDir);
    return { kind: 'worker', sameDataDir };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ECONNREFUSED' ? { kind: 'free' } : { kind: 'other-program' };
  }
}

/**
 * Why the worker of this data folder cannot have the port ("taken by another program"), or
 * undefined when nothing holds it or the holder is this folder's own worker.
 */
export function portConflict(holder: PortHolder): string | undefined {
  if (holder.kind === 'other-program') return 'taken by another program';
  if (holder.kind === 'worker' && !holder.sameDataDir) {
    return 'used by the claude-mem worker of another data folder';
  }
  return undefined;
}
