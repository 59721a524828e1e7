import { rmSync } from 'node:fs';
import {
  LOW_SPACE_BYTES,
  measureFreeBytes,
  RESERVE_SLOTS,
  readSpoolError,
  spoolErrorFile,
  tendReserve,
} from '../spool/index.ts';

/** What /health, `status` and `doctor` say about the data folder's disk. */
export interface DiskReport {
  ok: boolean;
  /** Bytes free for us on the disk holding the data folder (undefined: unknown). */
  freeBytes?: number | undefined;
  /** Free reserve slots for hooks that cannot write the spool, of RESERVE_SLOTS. */
  reserveFree?: number | undefined;
  reserveSlots: number;
  /** Why the disk is not ok, in our words. */
  reason?: string | undefined;
}

/** The worker's view of its disk, tended before each ingest pass. */
export interface DiskHealth {
  /** Moves reserve events into the spool, refills the reserve, measures free space. */
  tend(now?: number): { moved: number };
  /** The current report (a hook's recorded spool failure included). */
  report(): DiskReport;
}

// UNKNOWN: a record cut short, which on a disk seen full is the full disk's doing.
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'UNKNOWN']);
const ADVICE =
  "free some space (or fix the folder's permissions); captured events wait and are ingested once there is room";

/**
 * A DiskHealth for `dataDir`. An episode starts when the reserve cannot be refilled, events come
 * through it, or free space falls under LOW_SPACE_BYTES; it ends when the reserve is whole again
 * and there is room, and then a hook's recorded disk-full failure is cleared too (the next hook
 * would clear it, but a quiet session may not run one for hours).
 */
export function createDiskHealth(dataDir: string): DiskHealth {
  let freeBytes: number | undefined;
  let reserveFree: number | undefined;
  let refillError: string | undefined;
  let viaReserve = 0;
  let sawShort = false;
  const short = () =>
    refillError !== undefined || (freeBytes !== undefined && freeBytes < LOW_SPACE_BYTES);
  return {
    tend(now = Date.now()) {
      const state = tendReserve(dataDir, now);
      freeBytes = measureFreeBytes(dataDir);
      reserveFree = state.free;
      refillError = state.refillError;
      viaReserve += state.moved;
      if (short()) sawShort = true;
      else if (state.moved === 0) {
        // Only a full disk this worker saw end: a record of another cause (EACCES) or from a
        // hook whose disk looked fine here stays until a hook writes the spool again.
        if (sawShort && FULL_CODES.has(readSpoolError(dataDir)?.code ?? '')) {
          rmSync(spoolErrorFile(dataDir), { force: true });
        }
        sawShort = false;
        viaReserve = 0;
      }
      return { moved: state.moved };
    },
    report() {
      const reasons = describe({ freeBytes, reserveFree, refillError, viaReserve }, dataDir);
      return {
        ok: reasons.length === 0,
        freeBytes,
        reserveFree,
        reserveSlots: RESERVE_SLOTS,
        reason: reasons.length > 0 ? `${reasons.join('; ')}: ${ADVICE}` : undefined,
      };
    },
  };
}

interface Seen {
  freeBytes: number | undefined;
  reserveFree: number | undefined;
  refillError: string | undefined;
  viaReserve: number;
}

function describe(seen: Seen, dataDir: string): string[] {
  const reasons: string[] = [];
  if (seen.freeBytes !== undefined && seen.freeBytes < LOW_SPACE_BYTES) {
    reasons.push(
      `the disk holding ${dataDir} is full (${Math.floor(seen.freeBytes / 1024)} KB free)`,
    );
  }
  if (seen.refillError !== undefined) {
    reasons.push(
      `the reserve for hooks that cannot write the spool has ${seen.reserveFree ?? 0} of ${RESERVE_SLOTS} slots left (${seen.refillError})`,
    );
  }
  if (seen.viaReserve > 0) {
    reasons.push(
      `${seen.viaReserve} events could not be written to the spool and came through the reserve`,
    );
  }
  const hook = readSpoolError(dataDir);
  if (hook) {
    const when = Number.isFinite(hook.at) ? new Date(hook.at).toISOString() : 'recently';
    reasons.push(`a hook could not write the spool at ${when} (${hook.code})`);
  }
  return reasons;
}
