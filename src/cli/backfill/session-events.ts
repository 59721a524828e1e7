import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  applyPrivateTurn,
  capture,
  resolveHookEvent,
  setPrivateTurn,
} from '../../capture/index.ts';
import type { Settings } from '../../config/index.ts';
import type { SpoolEvent } from '../../spool/index.ts';
import { replayTranscript, type HookPayload } from '../../transcripts/index.ts';
import type { PlannedFile, SessionPlan } from './session-plan.ts';
import { transcriptTimes, type TranscriptTimes } from './transcript-times.ts';

/** A replayed payload with when it happened and the key its event id derives from. */
interface TimedPayload {
  payload: HookPayload;
  at: number;
  key: string;
  /** 0 for the main transcript, then 1, 2, ... per subagent transcript (ties: main first). */
  source: number;
}

/**
 * The event id of a replayed payload: derived from the session and a key that names the payload
 * by what it is (a tool_use_id, the k-th prompt of a transcript), never by when it was
 * imported. Replaying the same transcript again gives the same ids, so ingest skips them.
 */
export function backfillEventId(sessionId: string, key: string): string {
  return `bf-${createHash('sha256').update(`${sessionId}\n${key}`).digest('hex').slice(0, 32)}`;
}

/** Per kind of payload, a counter so that the n-th of a kind always gets the same key. */
function keyer(base: string, total: number) {
  const seen = new Map<string, number>();
  return (payload: HookPayload, index: number): string => {
    const n = (seen.get(payload.hook_event_name) ?? 0) + 1;
    seen.set(payload.hook_event_name, n);
    switch (payload.hook_event_name) {
      case 'PostToolUse':
      case 'PostToolUseFailure':
        return payload.tool_use_id ? `tool:${payload.tool_use_id}` : `${base}:${index}`;
      case 'SubagentStop':
        return `agent-stop:${payload.agent_id}`;
      case 'SessionStart':
        return `${base}:start`;
      case 'SessionEnd':
        return `${base}:end:${total}`;
      default:
        return `${base}:${payload.hook_event_name}:${n}`;
    }
  };
}

/** When a payload happened: its line's time, else no earlier than the payload before it. */
function timeOf(payload: HookPayload, times: TranscriptTimes, prompt: number): number | undefined {
  switch (payload.hook_event_name) {
    case 'SessionStart':
      return times.first;
    case 'UserPromptSubmit':
      return times.prompts[prompt];
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return times.toolResults.get(payload.tool_use_id);
    case 'SessionEnd':
    case 'SubagentStop':
      return times.last;
    default:
      return undefined;
  }
}

const agentTypeOf = (path: string): string | undefined => {
  const meta = path.replace(/\.jsonl$/, '.meta.json');
  if (!existsSync(meta)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(meta, 'utf8')) as { agentType?: unknown };
    return typeof parsed.agentType === 'string' ? parsed.agentType : undefined;
  } catch {
    return undefined;
  }
};

function timedPayloads(file: PlannedFile, source: number): TimedPayload[] {
  const text = readFileSync(file.path, 'utf8');
  const agentType = file.agent ? agentTypeOf(file.path) : undefined;
  const payloads = replayTranscript(text, { transcriptPath: file.path, agentType });
  const times = transcriptTimes(text);
  const keyOf = keyer(basename(file.path), payloads.length);
  let previous = times.first ?? file.mtimeMs;
  let prompts = 0;
  return payloads.map((payload, index) => {
    const own = timeOf(payload, times, prompts);
    if (payload.hook_event_name === 'UserPromptSubmit') prompts += 1;
    previous = Math.max(previous, own ?? previous);
    return { payload, at: previous, key: keyOf(payload, index), source };
  });
}

/**
 * The session's payloads in the order its hooks fired: the main transcript's and its subagents'
 * merged by time, so a subagent's tool events land in the turn that ran the subagent.
 */
function sessionPayloads(plan: SessionPlan): TimedPayload[] {
  return plan.files
    .flatMap((file, source) => timedPayloads(file, source))
    .map((item, order) => ({ item, order }))
    .sort((a, b) => a.item.at - b.item.at || a.item.source - b.item.source || a.order - b.order)
    .map(({ item }) => item);
}

/** What capturing a session needs. */
export interface CaptureOptions {
  settings: Settings;
  /** A folder for the private-turn markers (under `state/`), private to this run. */
  markerDir: string;
}

/**
 * The spool events the hooks would have written for the session: the same capture (tags
 * stripped, secrets redacted, elided, skipped tools dropped) and the same private-turn rule,
 * with the time of each payload and an id derived from it (see backfillEventId). All events
 * of a session are filed under the session's project.
 */
export function sessionEvents(plan: SessionPlan, options: CaptureOptions): SpoolEvent[] {
  setPrivateTurn(options.markerDir, plan.sessionId, false);
  return sessionPayloads(plan).flatMap(({ payload, at, key }) => {
    const event = resolveHookEvent(payload.hook_event_name);
    if (!event) return [];
    const ctx = {
      settings: options.settings,
      sessionId: plan.sessionId,
      project: plan.project,
      cwd: payload.cwd || plan.project.root,
      id: backfillEventId(plan.sessionId, key),
      now: at,
    };
    const result = applyPrivateTurn(
      options.markerDir,
      plan.sessionId,
      capture(event, payload, ctx),
    );
    return result.action === 'spool' ? [result.event] : [];
  });
}
