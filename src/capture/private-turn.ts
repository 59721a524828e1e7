import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stableHash, stateDir } from '../config/index.ts';
import type { Capture } from './capture.ts';

/**
 * A marker file saying "the current turn of this session is fully private". Written by
 * UserPromptSubmit, read by the tool hooks of the same turn (which Claude Code runs only after
 * UserPromptSubmit returned), so a private turn's tool output never touches the disk.
 */
function markerFile(dataDir: string, sessionId: string): string {
  const key = stableHash(sessionId);
  return join(stateDir(dataDir), `private-${key}`);
}

/** Marks or unmarks the session's current turn as private. */
export function setPrivateTurn(dataDir: string, sessionId: string, isPrivate: boolean): void {
  const file = markerFile(dataDir, sessionId);
  if (isPrivate) writeFileSync(file, '', { mode: 0o600 });
  else rmSync(file, { force: true });
}

/** Whether the session's current turn is private. */
export function isPrivateTurn(dataDir: string, sessionId: string): boolean {
  return existsSync(markerFile(dataDir, sessionId));
}

/**
 * Applies the private-turn rule to a capture: a fully private prompt marks the turn, a visible
 * prompt or the session's end clears it, and a tool event or turn end inside a private turn is
 * dropped before it is written anywhere.
 */
export function applyPrivateTurn(dataDir: string, sessionId: string, result: Capture): Capture {
  if (result.action === 'drop') return result;
  const kind = result.event.kind;
  if (kind === 'prompt') setPrivateTurn(dataDir, sessionId, result.privateTurn === true);
  if (kind === 'session-end') setPrivateTurn(dataDir, sessionId, false);
  const inTurn = kind === 'tool' || kind === 'turn-end';
  return inTurn && isPrivateTurn(dataDir, sessionId)
    ? { action: 'drop', reason: 'inside a fully private turn' }
    : result;
}
