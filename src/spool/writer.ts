import { join } from 'node:path';
import { spoolDir, uniqueId, writeFileAtomic } from '../config/index.ts';
import type { SpoolEvent } from './event.ts';

let sequence = 0;

/**
 * A file name that sorts in capture order: zero-padded ms time, then a per-process sequence,
 * then a unique id so concurrent hooks never collide.
 */
export function spoolFileName(at: number): string {
  sequence += 1;
  const seq = String(sequence).padStart(6, '0');
  return `${String(at).padStart(14, '0')}-${seq}-${uniqueId()}.json`;
}

/** A new unique event id: the idempotency key of ingestion. */
export function newEventId(): string {
  return uniqueId();
}

/** The file system operations the writer needs; tests inject failures (ENOSPC, EACCES). */
export type WriteFile = (file: string, content: string) => void;

const durableWrite: WriteFile = (file, content) => writeFileAtomic(file, content, 0o600, true);

/**
 * Writes one event durably into the spool (temp file, fsync, rename) and returns its path.
 * Throws on I/O failure; the hook catches, logs, and still answers Claude Code.
 */
export function writeSpoolEvent(
  dataDir: string,
  event: SpoolEvent,
  write: WriteFile = durableWrite,
): string {
  const file = join(spoolDir(dataDir), spoolFileName(event.at));
  write(file, JSON.stringify(event));
  return file;
}
