import { existsSync, readFileSync } from 'node:fs';
import { dataDirFrom, ensureDataDir, loadSettings, logFile } from '../../config/index.ts';
import {
  ensureWorker,
  liveWorker,
  readOrCreateToken,
  requestOpenLink,
  workerRequest,
} from '../../client/index.ts';
import { CliError, usage } from '../cli-error.ts';

type Print = (line: string) => void;

/** Options shared by the worker actions. */
export interface WorkerCommandDeps {
  cliEntry: string;
  print: Print;
  env?: NodeJS.ProcessEnv;
}

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
      return status(dataDir, deps.print);
    case 'logs':
      return logs(dataDir, rest, deps.print);
    default:
      throw usage(`unknown worker action "${action ?? ''}"`);
  }
}

async function start(dataDir: string, deps: WorkerCommandDeps, env: NodeJS.ProcessEnv) {
  const port = loadSettings(dataDir, env).settings['worker.port'];
  const info = await ensureWorker({
    dataDir,
    port,
    cliEntry: deps.cliEntry,
    waitMs: 10_000,
    env,
    force: true,
  });
  if (!info) {
    throw new CliError(`the worker did not start on port ${port}; see "claude-mem worker logs"`);
  }
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

async function status(dataDir: string, print: Print): Promise<number> {
  const info = liveWorker(dataDir);
  if (!info) {
    print('worker not running');
    return 1;
  }
  try {
    const token = readOrCreateToken(dataDir);
    const res = await workerRequest(info.port, '/health', { timeoutMs: 2000, token });
    print(JSON.stringify(res.body, null, 2));
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
