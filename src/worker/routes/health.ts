import { Hono } from 'hono';
import { listSpool } from '../../spool/index.ts';
import { countEventStates } from '../../store/index.ts';
import type { WorkerDeps } from '../worker-deps.ts';

/** GET /health: liveness, identity and queue depth. */
export function healthRoutes(deps: WorkerDeps): Hono {
  return new Hono().get('/health', (c) => {
    const states = countEventStates(deps.db);
    return c.json({
      status: 'ok',
      version: deps.version,
      pid: process.pid,
      port: deps.port,
      uptimeMs: deps.now() - deps.startedAt,
      queue: { spool: listSpool(deps.dataDir).length, pending: states.pending ?? 0 },
      events: states,
    });
  });
}
