import type { Readable, Writable } from 'node:stream';
import {
  createLogger,
  dataDirFrom,
  ensureDataDir,
  loadSettings,
  resolveProject,
  VERSION,
  type Logger,
  type Settings,
} from '../config/index.ts';
import { ensureWorker, isOlderVersion, liveWorker } from '../client/index.ts';
import {
  clearSpoolError,
  newEventId,
  writeSpoolEvent,
  type SpoolEvent,
  type WriteFile,
} from '../spool/index.ts';
import {
  applyPrivateTurn,
  capture,
  isPrivateTurn,
  parsePayload,
  resolveHookEvent,
  sessionIdOf,
  type HookEvent,
  type HookInput,
} from '../capture/index.ts';
import { adapterFor } from '../capture/agents/index.ts';
import { NEUTRAL, readStdin, readStdinSync, writeOutput, type HookOutput } from './io.ts';
import { commandMoment, fileMoment, promptMoment } from './moment-recall.ts';
import { fetchContext } from './session-context.ts';
import { forgetTold, keepElsewhere, lostMessage, shouldTell } from './spool-fallback.ts';

/** Everything ambient a hook run uses; defaults are the real process. */
export interface HookDeps {
  stdin?: Readable;
  stdout?: Writable;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
  /** The CLI bundle that `worker run` starts from. */
  cliEntry: string;
  writeFile?: WriteFile;
  /** The agent whose hook this is (`--agent codex`); Claude Code when absent. */
  agent?: string | undefined;
}

interface Run {
  event: HookEvent;
  payload: HookInput;
  sessionId: string;
  dataDir: string;
  settings: Settings;
  env: NodeJS.ProcessEnv;
  log: Logger;
  deps: HookDeps;
}

/**
 * Runs one hook: read stdin, capture, spool durably, nudge the worker, answer Claude Code.
 * Always resolves with the output it printed; every problem goes to the log, never to stdout,
 * and never changes the exit code (0).
 */
export async function runHook(eventName: string | undefined, deps: HookDeps): Promise<HookOutput> {
  const env = deps.env ?? process.env;
  const dataDir = dataDirFrom(env);
  let output: HookOutput = NEUTRAL;
  let log: Logger | undefined;
  try {
    ensureDataDir(dataDir, { repair: false });
    const { settings } = loadSettings(dataDir, env);
    log = createLogger(dataDir, 'hook', settings['log.level']);
    const input = (deps.stdin ? undefined : readStdinSync()) ?? (await readStdin(deps.stdin));
    const base = { dataDir, settings, env, log, deps };
    output = await handle(eventName, input.text, base, input.overflow);
  } catch (error) {
    (log ?? createLogger(dataDir, 'hook')).log('error', `hook ${eventName} failed`, {
      error: describe(error),
    });
  }
  const adapter = adapterFor(deps.agent);
  await writeOutput(
    adapter ? adapter.output(String(eventName), contextOf(output)) : output,
    deps.stdout,
  );
  return output;
}

async function handle(
  eventName: string | undefined,
  text: string,
  base: Omit<Run, 'event' | 'payload' | 'sessionId'>,
  overflow: boolean,
): Promise<HookOutput> {
  const { log } = base;
  const adapter = adapterFor(base.deps.agent);
  const event = adapter ? adapter.event(String(eventName)) : resolveHookEvent(eventName);
  if (!event && adapter) return NEUTRAL;
  if (!event) return warn(log, `unknown hook event "${String(eventName)}"`);
  if (overflow) return warn(log, `${event}: payload over the stdin cap, ignored`);
  const parsed = parsePayload(text);
  if (!parsed.ok) return warn(log, `${event}: ${parsed.reason}`);
  const payload = adapter ? adapter.payload(event, parsed.payload) : parsed.payload;
  const sessionId = sessionIdOf(payload);
  if (!sessionId) return warn(log, `${event}: missing or invalid session_id`);
  if (!base.settings['capture.enabled']) return NEUTRAL;
  const run: Run = { ...base, event, payload, sessionId };
  if (event === 'SessionStart') return sessionStart(run);
  if (event === 'UserPromptSubmit') return promptSubmit(run);
  if (event === 'PreToolUse') return preToolUse(run);
  return captureAndSpool(run);
}

function warn(log: Logger, message: string): HookOutput {
  log.log('warn', message);
  return NEUTRAL;
}

function captureEvent(run: Run): SpoolEvent | undefined {
  const cwd = run.payload.cwd ?? process.cwd();
  const ctx = {
    settings: run.settings,
    sessionId: run.sessionId,
    project: resolveProject(cwd, run.env),
    cwd,
    id: newEventId(),
    now: (run.deps.now ?? Date.now)(),
    agent: adapterFor(run.deps.agent)?.id,
  };
  const result = applyPrivateTurn(run.dataDir, run.sessionId, capture(run.event, run.payload, ctx));
  if (result.action === 'drop') {
    run.log.log('debug', `${run.event}: not captured: ${result.reason}`);
    return undefined;
  }
  return result.event;
}

/**
 * Spools the event. A failed write (full disk, lost permissions) is logged, recorded for
 * `doctor` and /health, and the event kept in the disk-full reserve; when that fails too the
 * answer names the problem to the user once per session (`systemMessage`). Returns that
 * message, if any; the hook carries on either way.
 */
function trySpool(run: Run): string | undefined {
  let event: SpoolEvent | undefined;
  try {
    event = captureEvent(run);
    if (!event) return undefined;
    writeSpoolEvent(run.dataDir, event, run.deps.writeFile);
    clearSpoolError(run.dataDir);
    forgetTold(run.dataDir, run.sessionId);
    return undefined;
  } catch (error) {
    run.log.log('error', `${run.event}: could not write the spool`, { error: describe(error) });
    const now = (run.deps.now ?? Date.now)();
    if (keepElsewhere(run.dataDir, event, error, run.log, now) === 'reserve') return undefined;
    const ioError = typeof (error as NodeJS.ErrnoException).code === 'string';
    return ioError && shouldTell(run.dataDir, run.sessionId)
      ? lostMessage(run.dataDir, error)
      : undefined;
  }
}

/** The answer with the lost-events notice, if there is one. */
function withNotice(output: HookOutput, notice: string | undefined): HookOutput {
  return notice === undefined ? output : { ...output, systemMessage: notice };
}

async function captureAndSpool(run: Run): Promise<HookOutput> {
  const notice = trySpool(run);
  await nudge(run, 0);
  return withNotice(NEUTRAL, notice);
}

/** Spools the prompt first (it is never lost to recall), then asks for prompt-time recall. */
async function promptSubmit(run: Run): Promise<HookOutput> {
  const notice = trySpool(run);
  const worker = await nudge(run, 0);
  if (!worker || !run.settings['recall.promptTime']) return withNotice(NEUTRAL, notice);
  const target = momentTarget(run, worker.port);
  return withNotice((await promptMoment(target, run.payload, run.sessionId)) ?? NEUTRAL, notice);
}

/**
 * File-time recall and dead-end warnings (Bash: the warning only); nothing is captured here
 * (PostToolUse captures the call).
 */
async function preToolUse(run: Run): Promise<HookOutput> {
  const bash = run.payload.tool_name === 'Bash';
  const wanted = bash
    ? run.settings['recall.deadEnds']
    : run.settings['recall.fileTime'] || run.settings['recall.deadEnds'];
  if (!wanted || isPrivateTurn(run.dataDir, run.sessionId)) return NEUTRAL;
  const worker = await nudge(run, 0);
  if (!worker) return NEUTRAL;
  const moment = bash ? commandMoment : fileMoment;
  return (await moment(momentTarget(run, worker.port), run.payload, run.sessionId)) ?? NEUTRAL;
}

const momentTarget = (run: Run, port: number) => ({
  port,
  dataDir: run.dataDir,
  timeoutMs: run.settings['recall.timeoutMs'],
  log: run.log,
});

/**
 * Spools the start, then gives the session its context. One deadline (`worker.startWaitMs`)
 * bounds the wait for the worker and the context request together: a hung worker must not hold
 * the session's start for longer than the documented budget. A worker the PID file shows alive
 * is asked for the context at once (its answer is the health check: one round trip, not two);
 * only when nothing answers does the hook wait for a worker to start.
 */
async function sessionStart(run: Run): Promise<HookOutput> {
  const notice = trySpool(run);
  const waitMs = run.settings['worker.startWaitMs'];
  const deadline = Date.now() + waitMs;
  const running = liveWorker(run.dataDir);
  if (waitMs > 0 && running && !isOlderVersion(running.version, VERSION)) {
    const first = await contextFrom(run, running.port, deadline);
    if (first.reached || deadline - Date.now() <= 0) return withContext(first.context, notice);
  }
  const worker = await nudge(run, Math.max(0, deadline - Date.now()));
  if (!worker || deadline - Date.now() <= 0) {
    return withNotice(
      warn(run.log, 'SessionStart: worker not available in time, no context given'),
      notice,
    );
  }
  return withContext((await contextFrom(run, worker.port, deadline)).context, notice);
}

/** The context request, within what is left of the deadline (at most CONTEXT_TIMEOUT_MS). */
function contextFrom(run: Run, port: number, deadline: number) {
  const leftMs = Math.max(1, deadline - Date.now());
  return fetchContext(
    { port, dataDir: run.dataDir },
    run.payload,
    run.log,
    Math.min(leftMs, CONTEXT_TIMEOUT_MS),
  );
}

/** SessionStart's answer: the context when there is one, with the lost-events notice. */
function withContext(context: string | undefined, notice: string | undefined): HookOutput {
  if (!context) return withNotice(NEUTRAL, notice);
  return withNotice(
    {
      continue: true,
      suppressOutput: true,
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context },
    },
    notice,
  );
}

/** The context is built without an LLM: 3 s is ample when the worker is well. */
const CONTEXT_TIMEOUT_MS = 3000;

async function nudge(run: Run, waitMs: number) {
  try {
    return await ensureWorker({
      dataDir: run.dataDir,
      port: run.settings['worker.port'],
      cliEntry: run.deps.cliEntry,
      waitMs,
      autoStart: run.settings['worker.autoStart'],
      env: run.env,
    });
  } catch (error) {
    run.log.log('warn', `${run.event}: could not start the worker`, { error: describe(error) });
    return undefined;
  }
}

/** The context an answer carries for the model, if any. */
function contextOf(output: HookOutput): string | undefined {
  return 'hookSpecificOutput' in output ? output.hookSpecificOutput.additionalContext : undefined;
}

/** An error's code and message, never a payload: logs must not hold captured content. */
export function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
