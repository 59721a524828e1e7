import type { Print } from '../cli-command.ts';
import { existsSync, readFileSync } from 'node:fs';
import { dataDirFrom, ensureDataDir, logFile } from '../../config/index.ts';
import {
  liveWorker,
  readOrCreateToken,
  requestOpenLink,
  workerRequest,
} from '../../client/index.ts';
import { usage } from '../cli-error.ts';
import { didYouMean } from '../suggest.ts';
import { runWorker } from '../../worker/index.ts';
import { restartWorker } from '../worker-call.ts';
import { contextEntry } from '../command-entry.ts';

/** Options shared by the worker actions. */
export interface WorkerCommandDeps {
  cliEntry: string;
  print: Print;
  env?: NodeJS.ProcessEnv;
}

const ACTIONS = ['start', 'stop', 'restart', 'status', 'logs', 'run'];

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** `claude-mem worker start|stop|restart|status|logs`. */
export async function workerCommand(args: string[], deps: WorkerCommandDeps): Promise<number> {
  const env = deps.env ?? process.env;
  const dataDir = dataDirFrom(env);
  ensureDataDir(dataDir);
  const [action, ...rest] = args;
  switch (action) {
    case 'start':
      return start(dataDir, deps, env);
    case 'stop':
      return stop(dataDir, deps.print);
    case 'restart':
      await stop(dataDir, deps.print);
      return start(dataDir, deps, env);
    case 'status':
      return status(dataDir, deps.print, rest.includes('--json'));
    case 'logs':
      return logs(dataDir, rest, deps.print);
    default:
      throw usage(
        `unknown worker action "${action ?? ''}": expected ${ACTIONS.join(', ')}.${didYouMean(action ?? '', ACTIONS)}`,
      );
  }
}

async function start(dataDir: string, deps: WorkerCommandDeps, env: NodeJS.ProcessEnv) {
  const info = await restartWorker(dataDir, deps.cliEntry, env, 10_000);
  const link = await requestOpenLink(info.port, dataDir);
  deps.print(`worker running: pid ${info.pid}; viewer (one-time link): ${link}`);
  return 0;
}

/** Sends SIGTERM (the worker finishes its in-flight batch) and waits; SIGKILL after 10 s. */
async function stop(dataDir: string, print: Print): Promise<number> {
  const info = liveWorker(dataDir);
  if (!info) {
    print('worker not running');
    return 0;
  }
  process.kill(info.pid, 'SIGTERM');
  for (let waited = 0; waited < 10_000 && liveWorker(dataDir); waited += 100) await sleep(100);
  if (liveWorker(dataDir)) process.kill(info.pid, 'SIGKILL');
  print(`worker stopped (pid ${info.pid})`);
  return 0;
}

async function status(dataDir: string, print: Print, json: boolean): Promise<number> {
  const info = liveWorker(dataDir);
  if (!info) {
    print(json ? JSON.stringify({ status: 'not running' }) : 'worker not running');
    return 1;
  }
  try {
    const token = readOrCreateToken(dataDir);
    const res = await workerRequest(info.port, '/health', { timeoutMs: 2000, token });
    print(json ? JSON.stringify(res.body, null, 2) : healthLines(res.body as Health).join('\n'));
    return res.status === 200 ? 0 : 1;
  } catch (error) {
    print(`worker pid ${info.pid} does not answer on port ${info.port}: ${String(error)}`);
    return 1;
  }
}

function logs(dataDir: string, args: string[], print: Print): number {
  const index = args.indexOf('-n');
  const count = index >= 0 ? Number(args[index + 1]) : 50;
  if (!Number.isInteger(count) || count <= 0) throw usage('-n takes a positive whole number');
  const file = logFile(dataDir);
  if (!existsSync(file)) {
    print(`no log yet (${file})`);
    return 0;
  }
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  print(lines.slice(-count).join('\n'));
  return 0;
}

interface Health {
  status?: string;
  version?: string;
  pid?: number;
  port?: number;
  uptimeMs?: number;
  queue?: { spool?: number; pending?: number };
  events?: Record<string, number>;
}

const n = (value: number | undefined): string => (value ?? 0).toLocaleString('en-US');

/** How long, in the largest unit that fits: `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`. */
function duration(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}

/** `/health` for people (`worker status --json` prints it as it is). */
export function healthLines(health: Health): string[] {
  const events = Object.entries(health.events ?? {})
    .map(([state, count]) => `${n(count)} ${state}`)
    .join(', ');
  const spool = health.queue?.spool ?? 0;
  return [
    `worker ${health.status ?? '?'}: pid ${health.pid ?? '?'}, http://127.0.0.1:${health.port ?? '?'}/, version ${health.version ?? '?'}, up ${duration(health.uptimeMs ?? 0)}`,
    `  waiting: ${n(spool)} spool file${spool === 1 ? '' : 's'} to ingest, ${n(health.queue?.pending)} events to compress`,
    `  events: ${events || 'none yet'}`,
  ];
}

/** `claude-mem worker`: its help, options and handler (the command table's entry). */
export const WORKER_COMMAND = contextEntry(
  'worker start|stop|restart|status',
  'Manage the background worker (one per data folder); status --json prints its /health answer as JSON',
  (args, context) => (args[0] === 'run' ? runWorker() : workerCommand(args, context)),
  {
    flags: ['--json', '-n'],
    more: [
      { usage: ['worker logs [-n N]'], text: 'Print the last N log lines (default 50)' },
      { usage: ['worker run'], text: 'Run the worker in the foreground (what start spawns)' },
    ],
  },
);
