import type { SpoolEvent } from '../../spool/index.ts';
import {
  claimEvent,
  endSession,
  insertPrompt,
  insertToolEvent,
  insertTurnEnd,
  markCompacted,
  nextPrompt,
  setSessionAgent,
  upsertSession,
  type Db,
} from '../../store/index.ts';

const TITLE_CHARS = 120;

/** What applying one event did, for the live stream and the counters. */
export type Applied = { kind: SpoolEvent['kind']; sessionId: string; duplicate: boolean };

/**
 * Writes one captured event into the database. Must run inside the caller's transaction.
 * Idempotent: an event id seen before (a redelivered spool file) changes nothing, and a tool
 * event is stored once per tool_use_id.
 */
export function applyEvent(db: Db, event: SpoolEvent): Applied {
  const applied = { kind: event.kind, sessionId: event.sessionId };
  if (!claimEvent(db, event.id, event.kind, event.at)) return { ...applied, duplicate: true };
  const session = upsertSession(db, {
    sessionId: event.sessionId,
    project: event.project.name,
    projectRoot: event.project.root,
    cwd: event.cwd,
    transcriptPath: event.transcriptPath,
    source: event.kind === 'session-start' ? event.source : undefined,
    at: event.at,
  });
  setSessionAgent(db, session.id, event.agent);
  const common = { eventUid: event.id, sessionRowId: session.id, at: event.at };
  switch (event.kind) {
    case 'session-start':
      break;
    case 'prompt': {
      const title = event.text ? event.text.slice(0, TITLE_CHARS) : null;
      const promptNumber = nextPrompt(db, session.id, title);
      if (event.text !== null) {
        insertPrompt(db, {
          ...common,
          project: event.project.name,
          promptNumber,
          text: event.text,
        });
      }
      break;
    }
    case 'tool': {
      const stored = insertToolEvent(db, {
        ...common,
        project: event.project.name,
        promptNumber: session.promptCount,
        toolUseId: event.toolUseId,
        agentId: event.agentId,
        toolName: event.toolName,
        toolInput: JSON.stringify(event.input),
        toolResponse: event.response === null ? null : JSON.stringify(event.response),
        error: event.error,
        failed: event.failed,
        durationMs: event.durationMs,
      });
      return { ...applied, duplicate: !stored };
    }
    case 'turn-end':
      insertTurnEnd(db, {
        ...common,
        promptNumber: session.promptCount,
        agentId: event.agentId,
        lastAssistantMessage: event.lastAssistantMessage,
      });
      break;
    case 'pre-compact':
      markCompacted(db, session.id, event.at);
      break;
    case 'session-end':
      endSession(db, session.id, event.reason, event.at);
      break;
    default:
      event satisfies never;
  }
  return { ...applied, duplicate: false };
}
