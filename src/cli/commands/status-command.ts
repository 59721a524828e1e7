import { readOrCreateToken, workerRequest } from '../../client/index.ts';
import type { CompressionStatus } from '../../domain/viewer-api.ts';
import { parseOptions } from '../parse-options.ts';
import { compressionWorker, workerFailure, type CompressCommandDeps } from '../worker-call.ts';
import { fetchRecallStatus, formatRecallStatus } from './recall-status.ts';
import type { Command } from '../command.ts';
import { commandEntry } from '../command-entry.ts';
import { FLAG } from '../common-options.ts';

/** The options `status` accepts. */
export const STATUS_OPTIONS = { json: FLAG.json } as const;

const n = (value: number): string =>
  Number.isFinite(value) ? value.toLocaleString('en-US') : 'unlimited';

/** An estimate at list prices; nothing when free or the model's price is unknown. */
const cost = (usd: number | undefined): string =>
  usd ? `, ~$${usd < 0.01 ? usd.toFixed(4) : usd.toFixed(2)} at list prices` : '';

function states(counts: Record<string, number>): string {
  return ['pending', 'compressed', 'skipped', 'failed']
    .map((state) => `${n(counts[state] ?? 0)} ${state}`)
    .join(', ');
}

/** Why events fell back or failed, one line a reason (a status from an older worker has none). */
function problemLines(problems: CompressionStatus['problems'] | undefined): string[] {
  return (problems ?? []).map(
    (p) =>
      `  ${n(p.events)} ${p.outcome === 'failed' ? 'failed' : 'fell back to the next provider'}: ${p.reason}`,
  );
}

/** The status report as lines for people. */
export function formatStatus(status: CompressionStatus): string[] {
  const model = status.model ? ` (${status.model})` : '';
  const lines = [
    `provider: ${status.provider}${model}`,
    `  why: ${status.reason}`,
    `events: ${states(status.events)}`,
    ...problemLines(status.problems),
    `turns: ${states(status.turns)}`,
    `today (${status.today.day}):`,
  ];
  if (status.today.usage.length === 0) lines.push('  no LLM calls');
  for (const row of status.today.usage) {
    lines.push(
      `  ${row.provider} ${row.model}: ${n(row.calls)} calls, ${n(row.tokens_in)} tokens in, ${n(row.tokens_out)} out${cost(row.cost_usd)}`,
    );
  }
  for (const budget of status.budget) {
    const spent = budget.spent ? ' (spent: heuristic until tomorrow)' : '';
    lines.push(
      `budget ${budget.provider}: ${n(budget.used)} of ${n(budget.limit)} tokens used, ${n(budget.left)} left${spent}`,
    );
  }
  return lines;
}

/**
 * `claude-mem status [--json]`: the compression provider in use and why, events and turns per
 * state, today's tokens per provider and the budget left, then the embedder's progress (recall).
 * Starts the worker when needed.
 */
export const statusCommand: Command<CompressCommandDeps> = async function statusCommand(
  args,
  print,
  deps = {},
) {
  const values = parseOptions(args, STATUS_OPTIONS);
  const { port, dataDir } = await compressionWorker(deps);
  const token = readOrCreateToken(dataDir);
  const { fault, disk } = await healthFaults(port, token);
  const res = await workerRequest(port, '/api/compression/status', { timeoutMs: 5_000, token });
  const faultLines = [...(fault ? [faultLine(fault)] : []), ...(disk ? [diskLine(disk)] : [])];
  if (res.status !== 200 && faultLines.length > 0) {
    print(faultLines.join('\n'));
    return 1;
  }
  if (res.status !== 200) throw workerFailure(res);
  const status = res.body as CompressionStatus;
  const recall = await fetchRecallStatus(port, token);
  if (values.json) {
    print(
      JSON.stringify(
        {
          ...status,
          recall: recall ?? null,
          database: fault ?? { ok: true },
          disk: disk ?? { ok: true },
        },
        null,
        2,
      ),
    );
    return 0;
  }
  const lines = [...formatStatus(status), ...(recall ? formatRecallStatus(recall) : [])];
  print([...faultLines, ...lines].join('\n'));
  return 0;
};

/** The database fault the worker reports in /health (issue 12), if any. */
interface DatabaseFault {
  ok: false;
  code: string;
  message: string;
  advice: string;
}

/** A full disk under the data folder, as /health reports it (issue 31). */
interface DiskFault {
  ok: false;
  reason: string;
}

/** The database fault and the full disk the worker reports in /health, if any. */
async function healthFaults(
  port: number,
  token: string,
): Promise<{ fault?: DatabaseFault | undefined; disk?: DiskFault | undefined }> {
  const res = await workerRequest(port, '/health', { timeoutMs: 5_000, token }).catch(
    () => undefined,
  );
  const body = res?.body as { database?: { ok?: boolean }; disk?: { ok?: boolean } } | undefined;
  return {
    fault: body?.database?.ok === false ? (body.database as DatabaseFault) : undefined,
    disk: body?.disk?.ok === false ? (body.disk as DiskFault) : undefined,
  };
}

const diskLine = (disk: DiskFault): string => `disk: FULL ${disk.reason}`;

const faultLine = (fault: DatabaseFault): string =>
  `database: FAULT ${fault.code} (${fault.message}): ${fault.advice}`;

/** `claude-mem status`: its help, options and handler (the command table's entry). */
export const STATUS_COMMAND = commandEntry(
  'status [--json]',
  "Provider in use and why, events and turns per state, today's tokens and budget, the embedder's progress",
  statusCommand,
  { options: STATUS_OPTIONS },
);
