import {
  closeSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  statfsSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { uniqueId } from '../config/index.ts';
import type { SpoolEvent } from './event.ts';
import { fitEvent } from './fit-event.ts';
import { spoolFileName } from './writer.ts';

/**
 * The disk-full reserve: files of RESERVE_SLOT_BYTES spaces that the worker writes ahead of
 * time in `<data>/reserve/`. A hook that cannot write the spool (ENOSPC) overwrites one in place,
 * which needs no new blocks on tmpfs, ext4, xfs and the like (a copy-on-write file system such
 * as btrfs may still refuse), and the worker moves it into the spool.
 */
export const RESERVE_SLOTS = 16;
/** Bytes of one slot: an event longer than this is kept with its long fields cut. */
export const RESERVE_SLOT_BYTES = 16 * 1024;

/** Below this much free space the data folder's disk counts as full: hooks are about to fail. */
export const LOW_SPACE_BYTES = 1024 * 1024;

/** Bytes free to us on the disk holding `dir`, or undefined when it cannot be measured. */
export function measureFreeBytes(dir: string): number | undefined {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/** The reserve folder of a data folder. */
export const reserveDir = (dataDir: string): string => join(dataDir, 'reserve');

/** `free-<id>`: a slot not yet used. */
export const FREE_SLOT = /^free-[^.]+$/;
/** `taken-<id>`: a slot a hook is writing (renamed to `<spool file name>` when done). */
export const TAKEN_SLOT = /^taken-[^.]+$/;

/**
 * Keeps `event` in a free reserve slot; returns the file, or undefined when no slot was free
 * (none made yet, all used) or the event cannot fit one. Racing hooks each claim a different
 * slot: the claim is a rename, which only one of them wins.
 */
export function keepInReserve(dataDir: string, event: SpoolEvent): string | undefined {
  const text = fitEvent(event, RESERVE_SLOT_BYTES);
  if (text === undefined) return undefined;
  const dir = reserveDir(dataDir);
  for (const name of freeSlots(dir)) {
    const taken = join(dir, `taken-${uniqueId()}`);
    try {
      renameSync(join(dir, name), taken);
    } catch {
      continue; // Another hook won this slot.
    }
    overwrite(taken, text);
    const done = join(dir, spoolFileName(event.at));
    renameSync(taken, done);
    return done;
  }
  return undefined;
}

function freeSlots(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => FREE_SLOT.test(name));
  } catch {
    return [];
  }
}

/** Writes `text` over the slot's first bytes and blanks the rest: JSON allows trailing spaces. */
function overwrite(file: string, text: string): void {
  const bytes = Buffer.alloc(RESERVE_SLOT_BYTES, ' ');
  bytes.write(text, 0, 'utf8');
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, 0);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
