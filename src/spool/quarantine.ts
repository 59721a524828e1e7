import { readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { makeDirs, quarantineDir, spoolDir, writeFileAtomic } from '../config/index.ts';
import type { BadSpoolEntry } from './reader.ts';

/** Writes a small file whole or not at all; tests inject a failing one (a full disk). */
export type WriteNote = (file: string, content: string) => void;

const writeNote: WriteNote = (file, content) => writeFileAtomic(file, content, 0o600, false);

/**
 * Moves a bad spool file aside with a `.reason` note, so the rest keeps flowing. The note is
 * written first, whole (temp file and rename): on a full disk it used to be created empty and
 * the file moved anyway (issue 12). If it cannot be written, this throws and the file stays in
 * the spool, to be quarantined with its reason by a later pass.
 */
export function quarantine(dataDir: string, entry: BadSpoolEntry, write = writeNote): void {
  const dir = quarantineDir(dataDir);
  makeDirs(dir);
  const target = join(dir, basename(entry.file));
  const reason = entry.reason.trim() || 'rejected (no reason given)';
  try {
    write(`${target}.reason`, `${reason}\n`);
  } catch (error) {
    removeTemps(dir, `${basename(target)}.reason.`);
    throw error;
  }
  renameSync(entry.file, target);
}

/** Removes the temp files a failed note write left (`<name>.reason.<id>.tmp`). */
function removeTemps(dir: string, prefix: string): void {
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
  }
}

const quarantined = (dataDir: string): string[] => {
  try {
    return readdirSync(quarantineDir(dataDir)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
};

/** How many bad files wait in quarantine. */
export function countQuarantined(dataDir: string): number {
  return quarantined(dataDir).length;
}

/**
 * `claude-mem retry --quarantine`: moves every quarantined file back into the spool (under its
 * own name, so it keeps its place in capture order) and drops its note; the worker ingests it
 * again, and quarantines it again, with the reason, if it still cannot be stored. Returns how
 * many files moved.
 */
export function releaseQuarantine(dataDir: string): number {
  let moved = 0;
  for (const name of quarantined(dataDir)) {
    const file = join(quarantineDir(dataDir), name);
    try {
      renameSync(file, join(spoolDir(dataDir), name));
    } catch {
      continue; // Moved by a concurrent retry.
    }
    rmSync(`${file}.reason`, { force: true });
    moved += 1;
  }
  return moved;
}
