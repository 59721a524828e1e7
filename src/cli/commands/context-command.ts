import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDirFrom, ensureDataDir, loadSettings, resolveProject } from '../../config/index.ts';
import { createWorkerClient, type WorkerCall } from '../../mcp/worker-client.ts';
import { CliError } from '../cli-error.ts';
import { parseOptions } from '../parse-options.ts';
import { checkChoice, checkProject } from './recall-args.ts';

/** Ambient parts of the recall commands; defaults are the real process. */
export interface RecallCommandDeps {
  /** The CLI bundle a started worker runs (default: the bundle this code is in). */
  cliEntry?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** The worker API for a recall command, starting the worker when needed. */
export function recallClient(deps: RecallCommandDeps): WorkerCall {
  const env = deps.env ?? process.env;
  const dataDir = dataDirFrom(env);
  ensureDataDir(dataDir);
  const { settings } = loadSettings(dataDir, env);
  return createWorkerClient({
    dataDir,
    port: settings['worker.port'],
    cliEntry: deps.cliEntry ?? join(dirname(fileURLToPath(import.meta.url)), 'cli.mjs'),
    autoStart: settings['worker.autoStart'],
    waitMs: 10_000,
    env,
  });
}

/** The worker's error message of a failed call, as a CLI error. */
export function apiFailure(res: { status: number; body: unknown }): CliError {
  const message = (res.body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return new CliError(
    typeof message === 'string' ? message : `worker answered HTTP ${res.status}`,
    res.status === 400 ? 2 : 1,
  );
}

/** The options `context` accepts. */
export const CONTEXT_OPTIONS = {
  project: { type: 'string' },
  source: { type: 'string' },
  session: { type: 'string' },
  agent: { type: 'string' },
} as const;

/**
 * `claude-mem context [--project P] [--source startup|resume|clear|compact] [--session ID]`:
 * prints exactly what SessionStart would inject, from the same worker endpoint the hook calls.
 * The project defaults to the one of the current folder.
 */
export async function contextCommand(
  args: string[],
  print: (line: string) => void,
  deps: RecallCommandDeps = {},
): Promise<number> {
  const values = parseOptions(args, CONTEXT_OPTIONS);
  checkChoice('source', values.source, ['startup', 'resume', 'clear', 'compact']);
  const cwd = deps.cwd ?? process.cwd();
  const project = values.project ?? resolveProject(cwd, deps.env ?? process.env).name;
  const query = new URLSearchParams({ cwd, project, source: values.source ?? 'startup' });
  if (values.session) query.set('session_id', values.session);
  if (values.agent) query.set('agent', values.agent);
  const call = recallClient(deps);
  if (values.project !== undefined) await checkProject(call, values.project);
  const res = await call('GET', `/api/context?${query.toString()}`).catch((error: Error) => {
    throw new CliError(error.message);
  });
  if (res.status !== 200) throw apiFailure(res);
  const context = (res.body as { context?: unknown }).context;
  if (typeof context === 'string' && context !== '') print(context);
  return 0;
}
