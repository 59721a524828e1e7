import type { WorkerCall } from '../../mcp/worker-client.ts';
import type { MemoryUse } from '../../domain/index.ts';
import { callOrFail } from '../worker-call.ts';

/** `2026-11-24 17:54 UTC`. */
const utc = (ms: number): string =>
  `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** When one memory was injected and used, from the ledger (undefined: the worker predates it). */
export async function fetchUse(call: WorkerCall, id: number): Promise<MemoryUse | undefined> {
  const res = await callOrFail(call, 'GET', `/api/observations/${id}/use`);
  return res.status === 200 ? (res.body as MemoryUse) : undefined;
}

/**
 * `show`'s ledger lines: how often the memory was injected and used, the last injections and
 * signals, and whether it sinks (with how to reset it).
 */
export function formatUse(id: number, use: MemoryUse): string[] {
  const injected = use.injections.length;
  const used = use.injections.filter((i) => i.usedAt !== null).length;
  if (injected === 0) return ['', 'Injected: never yet'];
  const lines = [
    '',
    `Injected: ${injected} time${injected === 1 ? '' : 's'}${injected === 50 ? ' or more' : ''}, used after ${used}`,
    ...use.injections
      .slice(0, 5)
      .map(
        (i) =>
          `  ${utc(i.at)}  ${i.moment.padEnd(13)} ${String(i.tokens).padStart(4)} tokens  ${i.usedAt === null ? 'not used' : `used ${utc(i.usedAt)}`}  (session ${i.sessionId.slice(0, 8)})`,
      ),
    ...use.signals
      .slice(0, 5)
      .map((s) => `  used: ${s.signal} ${s.detail} (turn ${s.turn}, ${utc(s.at)})`),
  ];
  if (use.unusedSessions >= 3) {
    lines.push(
      `Sinks in ranking: injected in ${use.unusedSessions} sessions without use ("claude-mem unsink ${id}" resets it)`,
    );
  }
  return lines;
}
