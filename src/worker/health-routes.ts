import { Hono } from 'hono';
import { dataDirId } from '../config/index.ts';
import { listSpool } from '../spool/index.ts';
import { countEventStates } from '../store/index.ts';
import { isDbFault } from './db-fault.ts';
import { isAuthenticated } from './security.ts';
import type { WorkerDeps } from './worker-deps.ts';

/** Event counts, or the database fault that kept them from being read. */
function readStates(deps: WorkerDeps): Record<string, number> {
  try {
    return countEventStates(deps.db);
  } catch (error) {
    if (!isDbFault(error)) throw error;
    deps.dbHealth?.report(error, deps.now());
    return {};
  }
}

/**
 * GET /health: liveness, identity (version, data folder), queue depth and the database's state.
 * Without the token only what a client needs to tell whose worker holds the port
 * (`portHolder`): the status, the version and the data folder's hash, nothing of the memory.
 * A database fault (corrupt, disk full: met by ingest or here) or a full disk under the data
 * folder (`disk`: too little space, hooks' events coming through the disk-full reserve) makes the
 * status "degraded" and, with the token, says what to do; the answer stays 200, as the worker itself is alive and keeps
 * the events in the spool.
 */
export function healthRoutes(deps: WorkerDeps): Hono {
  const folder = dataDirId(deps.dataDir);
  return new Hono().get('/health', (c) => {
    const disk = deps.diskHealth?.report();
    const diskFull = disk?.ok === false;
    if (!isAuthenticated(c, deps)) {
      const status = deps.dbHealth?.fault || diskFull ? 'degraded' : 'ok';
      return c.json({ status, version: deps.version, dataDirId: folder });
    }
    const states = readStates(deps);
    const fault = deps.dbHealth?.fault;
    return c.json({
      status: fault || diskFull ? 'degraded' : 'ok',
      version: deps.version,
      pid: process.pid,
      port: deps.port,
      dataDirId: folder,
      uptimeMs: deps.now() - deps.startedAt,
      queue: { spool: listSpool(deps.dataDir).length, pending: states.pending ?? 0 },
      events: states,
      database: fault ? { ok: false, ...fault } : { ok: true },
      disk: disk ?? { ok: true },
    });
  });
}
