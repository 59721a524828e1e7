import {
  closeSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { makeDirs, spoolDir, uniqueId } from '../config/index.ts';
import { parseSpoolEvent } from './event.ts';
import { FREE_SLOT, RESERVE_SLOTS, RESERVE_SLOT_BYTES, TAKEN_SLOT, reserveDir } from './reserve.ts';
import { STALE_TEMP_MS } from './stale-temp.ts';
import { spoolFileName } from './writer.ts';

/** The reserve after the worker tended it. */
export interface ReserveState {
  /** Events moved from the reserve into the spool by this call. */
  moved: number;
  /** Free slots now. */
  free: number;
  /** Why a slot could not be made (ENOSPC, ...), when the reserve is short. */
  refillError?: string | undefined;
}

/**
 * Moves the events hooks kept in the reserve into the spool (a rename: no new space needed),
 * drops slots a killed hook left half-written, and makes free slots up to RESERVE_SLOTS while
 * the disk has room. Called by the worker at start and before each ingest pass.
 */
export function tendReserve(dataDir: string, now = Date.now()): ReserveState {
  const dir = reserveDir(dataDir);
  makeDirs(dir);
  let moved = 0;
  let free = 0;
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.json')) moved += moveToSpool(dataDir, join(dir, name), name);
    else if (TAKEN_SLOT.test(name)) moved += sweepTaken(dataDir, join(dir, name), now);
    else if (FREE_SLOT.test(name)) free += 1;
    else rmSync(join(dir, name), { force: true }); // A slot cut short while being made.
  }
  let refillError: string | undefined;
  for (; free < RESERVE_SLOTS; free += 1) {
    refillError = makeSlot(dir);
    if (refillError) break;
  }
  return { moved, free, refillError };
}

function moveToSpool(dataDir: string, file: string, name: string): number {
  try {
    renameSync(file, join(spoolDir(dataDir), name));
    return 1;
  } catch {
    return 0; // Tried again at the next pass.
  }
}

/** A `taken-` slot older than a minute: its hook died; keep the event if it is whole. */
function sweepTaken(dataDir: string, file: string, now: number): number {
  try {
    if (now - statSync(file).mtimeMs < STALE_TEMP_MS) return 0;
    const parsed = parseSpoolEvent(readFileSync(file, 'utf8'));
    if (parsed.ok) return moveToSpool(dataDir, file, spoolFileName(parsed.event.at));
    rmSync(file, { force: true });
  } catch {
    // Gone meanwhile: the next pass sees what is left.
  }
  return 0;
}

/** Writes one free slot (made under a temp name, so a hook never claims a short one). */
function makeSlot(dir: string): string | undefined {
  const temp = join(dir, `making-${uniqueId()}.tmp`);
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, Buffer.alloc(RESERVE_SLOT_BYTES, ' '));
    } finally {
      closeSync(fd);
    }
    renameSync(temp, join(dir, `free-${uniqueId()}`));
    return undefined;
  } catch (error) {
    rmSync(temp, { force: true });
    return (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
  }
}
