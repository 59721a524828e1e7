import { estimateTokens } from '../../domain/index.ts';
import type { SpoolEvent } from '../../spool/index.ts';
import type { ReplayWorker } from '../../worker/index.ts';
import type { SessionPlan } from '../backfill/session-plan.ts';
import { askedBefore, commandOf, filePathOf, type History } from './eval-history.ts';
import { memoriesOfCommand, memoriesOfFile, memoriesOfTurn } from './eval-memory.ts';
import type { Injection, Moment, Need, NeedKind, SessionResult } from './eval-types.ts';
import { useOf } from './eval-use.ts';

/** A session being replayed: what it was shown so far and what it needed. */
interface Replay {
  plan: SessionPlan;
  worker: ReplayWorker;
  history: History;
  setClock: (at: number) => void;
  /** The time of the event being replayed. */
  at: number;
  turn: number;
  injections: Injection[];
  needs: Need[];
  /** What already counted as a need in this session: a file read ten times needed memory once. */
  seen: Set<string>;
}

type Answer = { context: string; ids?: number[] };

function inject(replay: Replay, moment: Moment, answer: Answer): void {
  // The index lists ids as "#12 ..."; the recall routes answer them.
  const ids = answer.ids ?? [...answer.context.matchAll(/^#(\d+) /gm)].map((m) => Number(m[1]));
  if (answer.context === '' && ids.length === 0) return;
  const tokens = estimateTokens(answer.context);
  replay.injections.push({ moment, ids, tokens, turn: replay.turn, at: replay.at });
}

/** The moments that showed one of `helpful` in this session so far. */
function reachedBy(replay: Replay, helpful: readonly number[]): Moment[] {
  const moments = replay.injections
    .filter((shown) => shown.ids.some((id) => helpful.includes(id)))
    .map((shown) => shown.moment);
  return [...new Set(moments)];
}

function need(replay: Replay, kind: NeedKind, subject: string, helpful: number[]): void {
  const key = `${kind}\n${subject}`;
  if (replay.seen.has(key)) return;
  replay.seen.add(key);
  replay.needs.push({ kind, turn: replay.turn, helpful, reachedBy: reachedBy(replay, helpful) });
}

const where = (replay: Replay) => ({
  sessionId: replay.plan.sessionId,
  project: replay.plan.project.name,
  root: replay.plan.project.root,
});

/** Before a tool runs: file-time recall (PreToolUse), then whether the call repeats old work. */
async function beforeTool(replay: Replay, event: Extract<SpoolEvent, { kind: 'tool' }>) {
  // Claude Code gives a subagent neither the index nor hook context: its calls are not counted.
  if (event.agentId !== null) return;
  const path = filePathOf(event);
  if (path !== undefined) {
    const body = {
      session_id: event.sessionId,
      project: replay.plan.project.name,
      file_path: path,
    };
    inject(replay, 'file', await replay.worker.call<Answer>('POST', '/api/recall/file', body));
    const helpful = memoriesOfFile(replay.worker.db, where(replay), path);
    if (helpful.length > 0) need(replay, 'file', path, helpful);
  }
  const command = commandOf(event);
  // PreToolUse of Bash: a recorded dead end of the same command shape is one warning line.
  if (command !== undefined) {
    const body = { session_id: event.sessionId, project: replay.plan.project.name, command };
    inject(
      replay,
      'dead-end',
      await replay.worker.call<Answer>('POST', '/api/recall/command', body),
    );
  }
  const failedIn = command === undefined ? undefined : replay.history.failed[command];
  if (command !== undefined && failedIn !== undefined && failedIn !== event.sessionId) {
    need(replay, 'command', command, memoriesOfCommand(replay.worker.db, failedIn, command));
  }
}

/** After the prompt is stored: prompt-time recall (UserPromptSubmit), then "asked before?". */
async function afterPrompt(replay: Replay, event: Extract<SpoolEvent, { kind: 'prompt' }>) {
  if (event.text === null) return;
  const body = {
    session_id: event.sessionId,
    project: replay.plan.project.name,
    prompt: event.text,
  };
  inject(replay, 'prompt', await replay.worker.call<Answer>('POST', '/api/recall/prompt', body));
  const earlier = askedBefore(replay.history, event.sessionId, event.text);
  if (earlier) need(replay, 'ask-again', event.text, memoriesOfTurn(replay.worker.db, earlier));
}

async function sessionStart(replay: Replay, event: SpoolEvent): Promise<void> {
  const query = new URLSearchParams({
    session_id: event.sessionId,
    project: replay.plan.project.name,
    source: event.kind === 'session-start' ? event.source : 'startup',
    record: '1',
  });
  inject(replay, 'session-start', await replay.worker.call<Answer>('GET', `/api/context?${query}`));
}

const store = (replay: Replay, event: SpoolEvent) =>
  replay.worker.call('POST', '/api/admin/backfill/events', { events: [event] });

async function step(replay: Replay, event: SpoolEvent): Promise<void> {
  replay.setClock(event.at);
  replay.at = event.at;
  if (event.kind === 'session-start') await sessionStart(replay, event);
  if (event.kind === 'tool') await beforeTool(replay, event);
  await store(replay, event);
  if (event.kind === 'prompt') {
    replay.turn += 1;
    await afterPrompt(replay, event);
  }
  // The worker compresses a turn once it ended; the next turn's recall may find it.
  if (event.kind === 'turn-end' || event.kind === 'session-end') await replay.worker.settle();
}

/**
 * Replays one session's captured events in order through the replay worker as its hooks
 * would have: SessionStart asks for the index, each prompt for prompt-time recall once stored,
 * each Read/Edit/Write for file-time recall before it is stored; turns are compressed as they
 * end. Records what each moment gave, and each call that repeated earlier sessions' work with
 * the moments that had shown a memory about it before the call.
 */
export async function replaySession(
  events: readonly SpoolEvent[],
  run: Omit<Replay, 'at' | 'turn' | 'injections' | 'needs' | 'seen'>,
): Promise<SessionResult> {
  const replay: Replay = { ...run, at: 0, turn: 0, injections: [], needs: [], seen: new Set() };
  // A transcript without its start (a resumed or trimmed file) still began a session.
  if (events[0]?.kind !== 'session-start' && events[0]) {
    replay.at = events[0].at;
    await sessionStart(replay, events[0]);
  }
  for (const event of events) await step(replay, event);
  await replay.worker.settle();
  return {
    sessionId: run.plan.sessionId,
    turns: replay.turn,
    injections: replay.injections,
    needs: replay.needs,
    use: useOf(replay.worker.db, run.plan, replay.injections),
  };
}
