import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { capture } from '../../capture/index.ts';
import type { Logger, Settings } from '../../config/index.ts';
import { isFullyPrivate } from '../../privacy/index.ts';
import type { SpoolEvent } from '../../spool/index.ts';
import { RECOVERED_EVENT_PREFIX, storedToolUseIds, type Db } from '../../store/index.ts';
import { replayTranscript, type HookPayload } from '../../transcripts/index.ts';

/**
 * Only the transcript's last bytes are read: the turn that just ended is at its end. A turn
 * longer than this recovers only the tool calls in its tail.
 */
export const RECOVER_TAIL_BYTES = 4 * 1024 * 1024;

/**
 * The first tail read: a turn's lines are usually far fewer, and every main-agent Stop reads
 * and parses what it reads. The tail grows (x4) only while it holds no prompt.
 */
export const FIRST_TAIL_BYTES = 256 * 1024;

/** What recovery needs from the worker. */
export interface Recovery {
  settings: () => Settings;
  log: Logger;
}

/** The id of a recovered tool event: derived from what it is, so a second recovery is the same. */
export function recoveredEventId(sessionId: string, toolUseId: string): string {
  const hash = createHash('sha256').update(`${sessionId}\n${toolUseId}`).digest('hex');
  return `${RECOVERED_EVENT_PREFIX}${hash.slice(0, 32)}`;
}

/** The transcript's last `bytes` from a whole line (`whole`: all of it), or undefined (logged). */
function readTail(
  path: string,
  bytes: number,
  log: Logger,
): { text: string; whole: boolean } | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    const read = readSync(fd, buffer, 0, buffer.length, start);
    const text = buffer.subarray(0, read).toString('utf8');
    return start === 0
      ? { text, whole: true }
      : { text: text.slice(text.indexOf('\n') + 1), whole: false };
  } catch (error) {
    log.log('warn', `recovery: cannot read transcript ${path}: ${String(error)}`);
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

type ToolPayload = Extract<HookPayload, { hook_event_name: 'PostToolUse' | 'PostToolUseFailure' }>;

const isToolPayload = (payload: HookPayload): payload is ToolPayload =>
  payload.hook_event_name === 'PostToolUse' || payload.hook_event_name === 'PostToolUseFailure';

const isPrompt = (payload: HookPayload): boolean => payload.hook_event_name === 'UserPromptSubmit';

/**
 * The transcript's payloads from a tail that holds its last prompt (or the whole file, or
 * RECOVER_TAIL_BYTES of it); undefined when it cannot be read.
 */
function lastTurnPayloads(path: string, log: Logger): HookPayload[] | undefined {
  for (let bytes = FIRST_TAIL_BYTES; ; bytes *= 4) {
    const tail = readTail(path, Math.min(bytes, RECOVER_TAIL_BYTES), log);
    if (tail === undefined) return undefined;
    const payloads = replayTranscript(tail.text, { transcriptPath: path });
    if (tail.whole || bytes >= RECOVER_TAIL_BYTES || payloads.some(isPrompt)) return payloads;
  }
}

/**
 * The main agent's tool calls of the transcript's last turn (after its last prompt); none when
 * that prompt is fully private (its hooks capture nothing either).
 */
function lastTurnTools(payloads: HookPayload[]): ToolPayload[] {
  const promptAt = payloads.findLastIndex(isPrompt);
  const prompt = payloads[promptAt];
  if (prompt?.hook_event_name === 'UserPromptSubmit' && isFullyPrivate(prompt.prompt)) return [];
  return payloads
    .slice(promptAt + 1)
    .filter(isToolPayload)
    .filter((payload) => payload.agent_id === undefined && payload.tool_use_id !== '');
}

/**
 * Whether the event closes a Claude Code main-agent turn or session: the moments recovery runs
 * (other agents' transcripts are not Claude Code's).
 */
const closes = (event: SpoolEvent): boolean =>
  event.agent === undefined &&
  ((event.kind === 'turn-end' && event.agentId === null) || event.kind === 'session-end');

/**
 * The tool events a Stop (or SessionEnd) recovers: the tool calls of the turn it closes, read
 * from the session's transcript, whose PostToolUse hook never reached the spool (Claude Code
 * kills background hooks still running when `claude -p` ends). Each goes through the hooks'
 * capture (tags stripped, secrets redacted, skipped tools dropped) with an id marking it
 * recovered. Ids already stored, or spooled in `known` (the same batch), are skipped.
 */
export function recoverTools(
  db: Db,
  event: SpoolEvent,
  known: ReadonlySet<string>,
  recovery: Recovery,
): SpoolEvent[] {
  if (!closes(event) || !event.transcriptPath) return [];
  const payloads = lastTurnPayloads(event.transcriptPath, recovery.log);
  if (payloads === undefined) return [];
  const tools = lastTurnTools(payloads).filter((payload) => !known.has(payload.tool_use_id));
  const stored = storedToolUseIds(
    db,
    tools.map((payload) => payload.tool_use_id),
  );
  const settings = recovery.settings();
  const recovered = tools
    .filter((payload) => !stored.has(payload.tool_use_id))
    .flatMap((payload) => {
      const ctx = {
        settings,
        sessionId: event.sessionId,
        project: event.project,
        cwd: payload.cwd || event.cwd,
        id: recoveredEventId(event.sessionId, payload.tool_use_id),
        now: event.at - 1,
      };
      const result = capture(payload.hook_event_name, payload, ctx);
      return result.action === 'spool' ? [result.event] : [];
    });
  if (recovered.length > 0) {
    recovery.log.log(
      'warn',
      `recovered ${recovered.length} tool events from the transcript at ${event.kind}: their PostToolUse hooks never arrived`,
      { sessionId: event.sessionId },
    );
  }
  return recovered;
}
