import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { spoolDir, writeFileAtomic } from '../config/index.ts';
import type { SpoolEvent } from './event.ts';

let sequence = 0;

/**
 * A file name that sorts in capture order: zero-padded ms time, then a per-process sequence,
 * then pid and randomness so concurrent hooks never collide.
 */
export function spoolFileName(at: number): string {
  sequence += 1;
  const seq = String(sequence).padStart(4, '0');
  return `${String(at).padStart(14, '0')}-${seq}-${process.pid}-${randomBytes(4).toString('hex')}.json`;
}

/** A new unique event id. */
export function newEventId(): string {
  return randomBytes(12).toString('base64url');
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
