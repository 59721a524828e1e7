import {
  applyPrivateTurn,
  capture,
  resolveHookEvent,
  sessionIdOf,
} from '../../src/capture/index.ts';
import { resolveProject, type Settings } from '../../src/config/index.ts';
import type { Db } from '../../src/store/index.ts';
import { applyEvent } from '../../src/worker/capture/apply-event.ts';
import type { ReplayedFile } from './replay.ts';

/**
 * Stores replayed transcripts the way the hooks and the worker would (the same capture, private
 * turn rule and applyEvent), without spawning a process per payload: seconds instead of a minute
 * for the whole corpus. Capture times are spaced 1 ms apart from `start`.
 */
export function storeReplayInProcess(
  db: Db,
  dataDir: string,
  settings: Settings,
  files: readonly ReplayedFile[],
  start = 1_700_000_000_000,
): number {
  let at = start;
  let stored = 0;
  db.transaction(() => {
    for (const file of files) {
      for (const payload of file.payloads) {
        const event = resolveHookEvent(payload.hook_event_name);
        const sessionId = sessionIdOf(payload as Record<string, unknown>);
        if (!event || !sessionId) continue;
        const cwd = String(payload.cwd ?? '/');
        at += 1;
        const ctx = {
          settings,
          sessionId,
          project: resolveProject(cwd, {}),
          cwd,
          id: `replay-${at}`,
          now: at,
        };
        const result = applyPrivateTurn(
          dataDir,
          sessionId,
          capture(event, payload as Record<string, unknown>, ctx),
        );
        if (result.action === 'spool') {
          applyEvent(db, result.event);
          stored += 1;
        }
      }
    }
  }).immediate();
  return stored;
}
