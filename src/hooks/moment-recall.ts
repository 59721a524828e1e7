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

/** One recall moment: the hook event it answers, its endpoint, and what it asks with. */
interface Moment {
  event: 'UserPromptSubmit' | 'PreToolUse';
  path: string;
  /** The moment's own request fields, or undefined when this payload has nothing to recall for. */
  fields(payload: HookInput): Record<string, string> | undefined;
}

/** A moment's runner: asks the worker with the session and cwd, answers with what it recalled. */
function momentRunner(moment: Moment) {
  return async function runMoment(
    target: MomentTarget,
    payload: HookInput,
    sessionId: string,
  ): Promise<HookOutput | undefined> {
    const fields = moment.fields(payload);
    if (fields === undefined) return undefined;
    const context = await ask(target, moment.path, {
      session_id: sessionId,
      cwd: payload.cwd ?? process.cwd(),
      ...fields,
    });
    if (context === undefined) return undefined;
    return {
      continue: true,
      suppressOutput: true,
      hookSpecificOutput: { hookEventName: moment.event, additionalContext: context },
    };
  };
}

/** A string field of the tool's input (`file_path`, `command`), or undefined. */
function toolInputField(payload: HookInput, name: string): string | undefined {
  const input = payload.tool_input;
  const value =
    input && typeof input === 'object' && !Array.isArray(input)
      ? (input as Record<string, unknown>)[name]
      : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Prompt-time recall for a UserPromptSubmit payload; nothing for a fully private prompt. */
export const promptMoment = momentRunner({
  event: 'UserPromptSubmit',
  path: '/api/recall/prompt',
  fields(payload) {
    const prompt = payload.prompt ?? '';
    if (prompt.trim() === '' || isFullyPrivate(prompt)) return undefined;
    return { prompt: sanitizeText(prompt).slice(0, 20_000) };
  },
});

/**
 * File-time recall for a PreToolUse payload of Read, Edit, Write or MultiEdit. Not inside a
 * subagent: what it is told does not reach the main conversation, yet it would use up the
 * file's once-per-session recall.
 */
export const fileMoment = momentRunner({
  event: 'PreToolUse',
  path: '/api/recall/file',
  fields(payload) {
    const file = payload.agent_id ? undefined : toolInputField(payload, 'file_path');
    if (file === undefined || file === '') return undefined;
    return {
      file_path: file,
      // The worker tells a file's dead end before an edit, not a Read: it needs the tool's name.
      ...(payload.tool_name ? { tool: payload.tool_name } : {}),
    };
  },
});

/**
 * The dead-end warning for a PreToolUse payload of Bash (issue 34): one line when a recorded
 * dead end has the command's shape. Not inside a subagent, as for file-time recall.
 */
export const commandMoment = momentRunner({
  event: 'PreToolUse',
  path: '/api/recall/command',
  fields(payload) {
    const command = payload.agent_id ? undefined : toolInputField(payload, 'command');
    if (command === undefined || command.trim() === '') return undefined;
    return { command: sanitizeText(command).slice(0, 20_000) };
  },
});
