import { readFile, stat } from 'node:fs/promises';
import { recordInjected, recordUse, sessionMemories, transcriptPathOf } from '../../store/index.ts';
import {
  detectUse,
  mcpInjections,
  sessionEvents,
  type McpInjection,
  type SessionEvent,
} from '../../transcripts/index.ts';
import type { WorkerDeps } from '../worker-deps.ts';

/** A transcript past this is not read (a hook's session that long is rare; memory is not). */
const MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024;

// A fully private prompt (`<private>...</private>`) keeps its whole turn out of the ledger too.
const PRIVATE = /^\s*<private>[\s\S]*<\/private>\s*$/;

/** The events outside fully private turns. */
function visibleEvents(events: readonly SessionEvent[]): SessionEvent[] {
  const hidden = new Set(
    events.filter((e) => e.kind === 'prompt' && PRIVATE.test(e.text)).map((e) => e.turn),
  );
  return events.filter((event) => !hidden.has(event.turn));
}

/** Records what claude-mem's MCP answers showed, one ledger row per session, tool and memory. */
function recordMcp(deps: WorkerDeps, sessionId: string, found: readonly McpInjection[]): void {
  for (const injection of found) {
    recordInjected(deps.db, {
      sessionId,
      moment: injection.moment,
      at: Number.isFinite(injection.at) ? injection.at : deps.now(),
      turn: injection.turn,
      items: [{ id: injection.observationId, tokens: injection.tokens }],
    });
  }
}

/** The transcript's text, or undefined (logged) when it cannot or should not be read. */
async function readTranscript(deps: WorkerDeps, path: string): Promise<string | undefined> {
  try {
    const size = (await stat(path)).size;
    if (size > MAX_TRANSCRIPT_BYTES) {
      deps.log.log('info', `ledger: transcript ${path} is ${size} bytes; use not read`);
      return undefined;
    }
    return await readFile(path, 'utf8');
  } catch (error) {
    deps.log.log('debug', `ledger: cannot read transcript ${path}: ${String(error)}`);
    return undefined;
  }
}

/**
 * The ledger's pass over one session at Stop or SessionEnd: reads its transcript (locally; the
 * text is never stored nor sent), records what claude-mem's MCP answers showed, then detects
 * and stores the use signals of every memory the session was given. Idempotent: a second pass
 * over the same transcript adds nothing.
 */
export async function ledgerPass(deps: WorkerDeps, sessionId: string): Promise<number> {
  const path = transcriptPathOf(deps.db, sessionId);
  const text = path ? await readTranscript(deps, path) : undefined;
  if (text === undefined) return 0;
  const events = visibleEvents(sessionEvents(text));
  recordMcp(deps, sessionId, mcpInjections(events));
  const signals = detectUse(sessionMemories(deps.db, sessionId), events);
  recordUse(deps.db, sessionId, signals, deps.settings['recall.renewUsed']);
  return signals.length;
}
