import { readOrCreateToken, workerRequest } from '../../client/index.ts';
import type { TeamStatus } from '../../domain/viewer-api.ts';
import { parseOptions } from '../parse-options.ts';
import { compressionWorker, workerFailure, type CompressCommandDeps } from '../worker-call.ts';

const when = (at: number | null): string => (at === null ? 'never' : new Date(at).toISOString());

/** The status as lines for people. */
export function formatTeamStatus(status: TeamStatus): string[] {
  if (!status.configured) {
    return [
      'team: not connected (claude-mem team connect <postgres-url>)',
      `backlog: ${status.backlog.queued} queued`,
    ];
  }
  const lines = [
    `team: ${status.team} at ${status.url ?? '?'}${status.role ? ` as ${status.role}` : ''}`,
    `connection: ${status.connected ? 'connected' : 'not connected'}; last sync ${when(status.lastSuccessAt)}`,
  ];
  if (status.lastError) lines.push(`error: ${status.lastError}`);
  lines.push(`backlog: ${status.backlog.queued} queued, ${status.backlog.refused.length} refused`);
  for (const row of status.backlog.refused)
    lines.push(`  ${row.kind} ${row.item_id}: ${row.reason}`);
  const aside = status.setAside;
  if (aside && aside.count > 0) {
    lines.push(
      `set aside at pull: ${aside.count} rows that could not be stored (the pull went on)`,
    );
    for (const row of aside.recent)
      lines.push(`  ${row.kind} ${row.ref} by ${row.author ?? '?'}: ${row.reason}`);
  }
  for (const project of status.projects) {
    lines.push(
      `project ${project.project} = ${project.team_project}: last push ${when(project.last_push_at)}, last pull ${when(project.last_pull_at)}`,
    );
  }
  return lines;
}

/** `team status [--json]`: asks the worker (starting it when needed). */
export async function teamStatus(
  args: string[],
  print: (line: string) => void,
  deps: CompressCommandDeps = {},
): Promise<number> {
  const values = parseOptions(args, { json: { type: 'boolean' } } as const);
  const { port, dataDir } = await compressionWorker(deps);
  const res = await workerRequest(port, '/api/team/status', {
    token: readOrCreateToken(dataDir),
    timeoutMs: 5_000,
  });
  if (res.status !== 200) throw workerFailure(res);
  const status = res.body as TeamStatus;
  if (values.json) print(JSON.stringify(status, null, 2));
  else formatTeamStatus(status).forEach((line) => print(line));
  return 0;
}
