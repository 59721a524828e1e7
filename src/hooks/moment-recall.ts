import { readToken, workerRequest } from '../client/index.ts';
import type { Logger } from '../config/index.ts';
import { isFullyPrivate, sanitizeText } from '../privacy/index.ts';
import type { HookInput } from '../capture/index.ts';
import type { HookOutput } from './io.ts';

/** Where the worker is, and how long a moment may wait for it. */
export interface MomentTarget {
  port: number;
  dataDir: string;
  timeoutMs: number;
  log: Logger;
}

/** The recall endpoints' answer. */
interface RecallBody {
  context?: unknown;
}

/**
 * Asks the worker for one moment's recall. A slow, stopped or failing worker gives undefined
 * after at most `timeoutMs`: the turn goes on without recall, it never waits longer.
 */
async function ask(
  target: MomentTarget,
  path: string,
  body: Record<string, string>,
): Promise<string | undefined> {
  try {
    const res = await workerRequest(target.port, path, {
      method: 'POST',
      body,
      timeoutMs: target.timeoutMs,
      token: readToken(target.dataDir),
    });
    const context = (res.body as RecallBody | undefined)?.context;
    if (res.status === 200 && typeof context === 'string') return context || undefined;
    target.log.log('warn', `recall ${path} answered ${res.status}`);
  } catch (error) {
    target.log.log('debug', `recall ${path} skipped`, { error: String(error) });
  }
  return undefined;
}

const answer = (event: string, context: string | undefined): HookOutput | undefined =>
  context === undefined
    ? undefined
    : {
        continue: true,
        suppressOutput: true,
        hookSpecificOutput: { hookEventName: event, additionalContext: context },
      };

/** Prompt-time recall for a UserPromptSubmit payload; nothing for a fully private prompt. */
export async function promptMoment(
  target: MomentTarget,
  payload: HookInput,
  sessionId: string,
): Promise<HookOutput | undefined> {
  const prompt = payload.prompt ?? '';
  if (prompt.trim() === '' || isFullyPrivate(prompt)) return undefined;
  const context = await ask(target, '/api/recall/prompt', {
    session_id: sessionId,
    cwd: payload.cwd ?? process.cwd(),
    prompt: sanitizeText(prompt).slice(0, 20_000),
  });
  return answer('UserPromptSubmit', context);
}

/**
 * File-time recall for a PreToolUse payload of Read, Edit, Write or MultiEdit. Not inside a
 * subagent: what it is told does not reach the main conversation, yet it would use up the
 * file's once-per-session recall.
 */
export async function fileMoment(
  target: MomentTarget,
  payload: HookInput,
  sessionId: string,
): Promise<HookOutput | undefined> {
  if (payload.agent_id) return undefined;
  const input = payload.tool_input;
  const file =
    input && typeof input === 'object' && !Array.isArray(input)
      ? (input as Record<string, unknown>).file_path
      : undefined;
  if (typeof file !== 'string' || file === '') return undefined;
  const context = await ask(target, '/api/recall/file', {
    session_id: sessionId,
    cwd: payload.cwd ?? process.cwd(),
    file_path: file,
    // The worker tells a file's dead end before an edit, not a Read: it needs the tool's name.
    ...(payload.tool_name ? { tool: payload.tool_name } : {}),
  });
  return answer('PreToolUse', context);
}

/**
 * The dead-end warning for a PreToolUse payload of Bash (issue 34): one line when a recorded
 * dead end has the command's shape. Not inside a subagent, as for file-time recall.
 */
export async function commandMoment(
  target: MomentTarget,
  payload: HookInput,
  sessionId: string,
): Promise<HookOutput | undefined> {
  if (payload.agent_id) return undefined;
  const input = payload.tool_input;
  const command =
    input && typeof input === 'object' && !Array.isArray(input)
      ? (input as Record<string, unknown>).command
      : undefined;
  if (typeof command !== 'string' || command.trim() === '') return undefined;
  const context = await ask(target, '/api/recall/command', {
    session_id: sessionId,
    cwd: payload.cwd ?? process.cwd(),
    command: sanitizeText(command).slice(0, 20_000),
  });
  return answer('PreToolUse', context);
}
