import { readOrCreateToken, workerRequest } from '../../client/index.ts';
import type { Settings } from '../../config/index.ts';
import type { TeamStatus } from '../../domain/viewer-api.ts';
import { ok, warn, type CheckResult } from './check.ts';

/**
 * Team sync as the running worker sees it: not configured (OK), syncing, or its last error and
 * the rows refused at push (a warning: local memory works either way).
 */
export async function checkTeam(
  settings: Settings,
  port: number | undefined,
  dataDir: string,
): Promise<CheckResult> {
  if (settings['team.url'] === '') return ok('team', 'not connected (no team sync)');
  if (port === undefined)
    return warn('team', 'connected, but the worker is not running: nothing syncs');
  const res = await workerRequest(port, '/api/team/status', {
    token: readOrCreateToken(dataDir),
    timeoutMs: 3_000,
  }).catch(() => undefined);
  if (res?.status !== 200) return warn('team', 'the worker did not answer GET /api/team/status');
  const status = res.body as TeamStatus;
  const refused = status.backlog.refused.length;
  if (status.lastError) {
    return warn('team', `sync failing: ${status.lastError} (${status.backlog.queued} rows queued)`);
  }
  const detail = `team "${status.team}" as ${status.role ?? '?'}: ${status.backlog.queued} queued`;
  const aside = status.setAside?.count ?? 0;
  if (refused === 0 && aside === 0) return ok('team', detail);
  const parts = [
    ...(refused > 0 ? [`${refused} refused at push`] : []),
    ...(aside > 0 ? [`${aside} pulled rows set aside (unsound; the pull went on)`] : []),
  ];
  return warn('team', `${detail}, ${parts.join(', ')} (see "claude-mem team status")`);
}
