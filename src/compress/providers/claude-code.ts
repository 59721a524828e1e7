import type { Options, SDKResultMessage } from '@anthropic-ai/claude-agent-sdk';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CompressError, unavailable } from '../compress-error.ts';
import type { LlmMessage, LlmReply, LlmRequest, LlmTransport } from '../llm-request.ts';
import { createSemaphore } from '../semaphore.ts';
import { claudeConfigDir } from './claude-detect.ts';
import { statusError } from './http-status.ts';
import type { Reaper } from './process-reaper.ts';

/** How to run Claude Code for compression. */
export interface ClaudeCodeOptions {
  model: string;
  /** The user's `claude`; undefined: the Agent SDK's bundled one. */
  executable?: string | undefined;
  /** A folder of its own for the compressor's sessions (created if missing). */
  workDir: string;
  /** Environment of the `claude` process (the user's login and HOME come from here). */
  env: NodeJS.ProcessEnv;
  reaper: Reaper;
  /** Processes at once (`compress.concurrency`). */
  concurrency: number;
  /** How long a finished call's process gets to exit before it is killed. */
  exitGraceMs?: number;
}

/** Variables of the Claude Code session whose hooks started the worker: not the compressor's. */
const PARENT_SESSION_VARIABLES = [
  'CLAUDECODE',
  'CLAUDE_CODE_ENTRYPOINT',
  'CLAUDE_CODE_SESSION_ID',
  'CLAUDE_PROJECT_DIR',
  'CLAUDE_PLUGIN_ROOT',
  'CLAUDE_PLUGIN_DATA',
];

/**
 * Environment of the compressor's `claude`: the user's (login, HOME, PATH) without the variables
 * of the session that started the worker, with our own hooks switched off (belt and braces next
 * to `settingSources: []`), no telemetry or update checks, and no retries of its own (the
 * compressor retries with its own backoff).
 */
function childEnv(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const own = Object.fromEntries(
    Object.entries(env).filter(([name]) => !PARENT_SESSION_VARIABLES.includes(name)),
  );
  return {
    ...own,
    CLAUDE_MEM_CAPTURE_ENABLED: 'false',
    CLAUDE_CODE_MAX_RETRIES: '0',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    CLAUDE_AGENT_SDK_CLIENT_APP: 'claude-mem',
  };
}

/** One prompt from a stateless conversation (the correction retry has three messages). */
function promptOf(messages: LlmMessage[]): string {
  if (messages.length === 1) return messages[0]?.content ?? '';
  return messages
    .map((m) =>
      m.role === 'assistant'
        ? `<your_previous_answer>\n${m.content}\n</your_previous_answer>`
        : m.content,
    )
    .join('\n\n');
}

function usageOf(result: SDKResultMessage): { tokensIn: number; tokensOut: number } {
  const models = Object.values(result.modelUsage ?? {});
  if (models.length === 0) {
    const u = result.usage;
    return {
      tokensIn:
        u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0),
      tokensOut: u.output_tokens,
    };
  }
  return models.reduce(
    (sum, m) => ({
      tokensIn: sum.tokensIn + m.inputTokens + m.cacheReadInputTokens + m.cacheCreationInputTokens,
      tokensOut: sum.tokensOut + m.outputTokens,
    }),
    { tokensIn: 0, tokensOut: 0 },
  );
}

function resultError(result: SDKResultMessage, label: string): CompressError {
  const text = result.subtype === 'success' ? result.result : result.errors.join('; ');
  const status = result.subtype === 'success' ? result.api_error_status : undefined;
  if (typeof status === 'number') return statusError(label, status, text.slice(0, 200));
  if (/log ?in|authenticat|api key|credential/i.test(text)) {
    return new CompressError('PROVIDER_UNAVAILABLE', `${label} is not logged in`, {
      detail: text.slice(0, 200),
    });
  }
  return unavailable(`${label} failed (${result.subtype})`, { detail: text.slice(0, 200) });
}

/**
 * Removes what a call's process left behind: transcripts of sessions in `workDir` (none with
 * persistSession off; removed in case an older claude ignores it), its `sessions/<pid>.*` files,
 * which a killed process cannot remove itself, and its private temp folder.
 */
function cleanUp(env: NodeJS.ProcessEnv, workDir: string, pids: number[], tmp: string): void {
  const config = claudeConfigDir(env);
  for (const key of new Set([workDir.replace(/[^a-zA-Z0-9]/g, '-'), workDir.replace(/\//g, '-')])) {
    rmSync(join(config, 'projects', key), { recursive: true, force: true });
  }
  const sessions = join(config, 'sessions');
  let names: string[] = [];
  try {
    names = readdirSync(sessions);
  } catch {
    // No sessions folder: nothing to remove.
  }
  for (const name of names.filter((n) => pids.some((pid) => n.startsWith(`${pid}.`)))) {
    rmSync(join(sessions, name), { force: true });
  }
  rmSync(tmp, { recursive: true, force: true });
}

/** What one call adds to the transport's options. */
interface CallParts {
  tmp: string;
  controller: AbortController;
  spawned: ChildProcess[];
}

/** The Agent SDK options of one stateless, tool-less, hook-less, one-turn call. */
function optionsFor(request: LlmRequest, options: ClaudeCodeOptions, call: CallParts): Options {
  return {
    systemPrompt: request.system,
    model: options.model,
    tools: [],
    settingSources: [],
    strictMcpConfig: true,
    mcpServersDelivery: 'argv',
    maxTurns: 1,
    persistSession: false,
    cwd: options.workDir,
    env: { ...options.env, TMPDIR: call.tmp },
    abortController: call.controller,
    pathToClaudeCodeExecutable: options.executable,
    spawnClaudeCodeProcess: (spawnOptions) => {
      const child = options.reaper.spawn(spawnOptions);
      call.spawned.push(child);
      return child;
    },
  };
}

/**
 * The `claude-code` transport: the Agent SDK's `query()` with the user's Claude Code login.
 * Stateless per call (a new session, `persistSession: false`, never resumed), tools off,
 * `settingSources: []` so no hooks (ours included) run inside it, one turn, its own working
 * folder. Every process is spawned through the reaper and killed if it outlives its call or
 * the call's signal (timeout) fires; at most `concurrency` run at once.
 */
export function createClaudeCodeTransport(options: ClaudeCodeOptions): LlmTransport {
  const semaphore = createSemaphore(options.concurrency);
  const label = `claude-code (${options.model})`;
  const env = childEnv(options.env);

  async function once(request: LlmRequest, signal: AbortSignal): Promise<LlmReply> {
    // Loaded on first use: the CLI bundle imports this module, and most commands never call it.
    const { query } = await import('@anthropic-ai/claude-agent-sdk');
    if (signal.aborted) throw unavailable(`${label} aborted before it started`);
    mkdirSync(options.workDir, { recursive: true, mode: 0o700 });
    const tmp = mkdtempSync(join(options.workDir, 'tmp-'));
    const spawned: ChildProcess[] = [];
    const controller = new AbortController();
    const onAbort = () => {
      controller.abort();
      spawned.forEach((child) => options.reaper.kill(child));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const sdkOptions = optionsFor(request, { ...options, env }, { tmp, controller, spawned });
    let result: SDKResultMessage | undefined;
    const q = query({ prompt: promptOf(request.messages), options: sdkOptions });
    try {
      for await (const message of q) if (message.type === 'result') result = message;
    } catch (error) {
      if (!result) throw failure(error, spawned, signal);
    } finally {
      signal.removeEventListener('abort', onAbort);
      q.close();
      await Promise.all(
        spawned.map((child) => options.reaper.settle(child, options.exitGraceMs ?? 2000)),
      );
      const pids = spawned.map((child) => child.pid ?? -1);
      cleanUp(options.env, options.workDir, pids, tmp);
    }
    if (!result || result.subtype !== 'success' || result.is_error) {
      throw result ? resultError(result, label) : unavailable(`${label} ended without a result`);
    }
    return {
      text: result.result,
      ...usageOf(result),
      truncated: result.stop_reason === 'max_tokens',
    };
  }

  function failure(error: unknown, spawned: ChildProcess[], signal: AbortSignal): CompressError {
    if (signal.aborted) return unavailable(`${label} aborted`, { cause: error });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || /not found|ENOENT/.test(String(error))) {
      return new CompressError(
        'PROVIDER_UNAVAILABLE',
        `${label}: claude executable not found (${String(error)})`,
      );
    }
    const stderr = spawned
      .map((child) => options.reaper.stderrOf(child))
      .join('')
      .trim();
    return unavailable(`${label} failed`, {
      cause: error,
      detail: `${String(error)}${stderr ? `; stderr: ${stderr.slice(-300)}` : ''}`,
    });
  }

  return {
    provider: 'claude-code',
    model: options.model,
    complete: (request, signal) => semaphore.run(() => once(request, signal)),
  };
}
