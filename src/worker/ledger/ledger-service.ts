import type { WorkerService } from '../service.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { ledgerPass } from './ledger-pass.ts';
import { ledgerRoutes } from './ledger-routes.ts';

/**
 * The injection ledger's background work (issue 35): after a turn ends (Stop) or a session
 * ends, reads that session's transcript for use signals. Sessions queue and are read one at a
 * time after ingest, never inside its transaction; a failure is logged and the next Stop tries
 * again (the pass is idempotent).
 */
export function createLedgerService(deps: WorkerDeps): WorkerService {
  const queued = new Set<string>();
  let running: Promise<void> | undefined;
  let stopped = false;

  async function drain(): Promise<void> {
    for (const sessionId of queued) {
      queued.delete(sessionId);
      if (stopped) return;
      try {
        const found = await ledgerPass(deps, sessionId);
        deps.log.log('debug', `ledger: ${found} use signals in session ${sessionId}`);
      } catch (error) {
        deps.log.log('warn', `ledger: session ${sessionId} not read: ${String(error)}`);
      }
    }
  }

  function kick(): void {
    if (running || stopped) return;
    running = drain().finally(() => {
      running = undefined;
      if (queued.size > 0) kick();
    });
  }

  return {
    name: 'ledger',
    routes: ledgerRoutes(deps),
    onApplied(applied) {
      for (const event of applied) {
        if (event.duplicate) continue;
        if (event.kind === 'turn-end' || event.kind === 'session-end') queued.add(event.sessionId);
      }
      if (queued.size > 0) setImmediate(kick);
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
