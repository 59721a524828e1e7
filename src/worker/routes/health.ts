import { Hono } from 'hono';
import { dataDirId } from '../../config/index.ts';
import { listSpool } from '../../spool/index.ts';
import { countEventStates } from '../../store/index.ts';
import { isAuthenticated } from '../security.ts';
import type { WorkerDeps } from '../worker-deps.ts';

/**
 * GET /health: liveness, identity (version, data folder) and, with the token, the process and
 * queue depth. Without the token only what a client needs to tell whose worker holds the port
 * (`portHolder`): the status, the version and the data folder's hash, nothing of the memory.
 */
export function healthRoutes(deps: WorkerDeps): Hono {
  const folder = dataDirId(deps.dataDir);
  return new Hono().get('/health', (c) => {
    if (!isAuthenticated(c, deps)) {
      return c.json({ status: 'ok', version: deps.version, dataDirId: folder });
    }
    const states = countEventStates(deps.db);
    return c.json({
      status: 'ok',
      version: deps.version,
      pid: process.pid,
      port: deps.port,
      dataDirId: folder,
      uptimeMs: deps.now() - deps.startedAt,
      queue: { spool: listSpool(deps.dataDir).length, pending: states.pending ?? 0 },
      events: states,
    });
  });
}
