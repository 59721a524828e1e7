import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stateDir, writeFileAtomic } from '../../config/index.ts';

/** Progress of backfills in this data folder, kept in `state/backfill.json`. */
export interface BackfillState {
  v: 1;
  /** Per session id: the signature of the transcripts that were imported completely. */
  done: Record<string, string>;
  /** The session being imported: how many of its events the worker has stored. */
  partial?: { sessionId: string; signature: string; offset: number } | undefined;
}

/** Where the state lives. */
export const backfillStateFile = (dataDir: string): string =>
  join(stateDir(dataDir), 'backfill.json');

/** The saved state; a missing or unreadable file is a fresh start (ingest dedup keeps it safe). */
export function loadBackfillState(dataDir: string): BackfillState {
  try {
    const parsed = JSON.parse(readFileSync(backfillStateFile(dataDir), 'utf8')) as BackfillState;
    if (parsed.v === 1 && typeof parsed.done === 'object' && parsed.done !== null) return parsed;
  } catch {
    // Fall through: start over.
  }
  return { v: 1, done: {} };
}

/** Saves the state atomically (temp file, fsync, rename): a kill leaves the old or the new. */
export function saveBackfillState(dataDir: string, state: BackfillState): void {
  writeFileAtomic(backfillStateFile(dataDir), JSON.stringify(state));
}
