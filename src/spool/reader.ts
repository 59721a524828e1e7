import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { quarantineDir, spoolDir } from '../config/index.ts';
import { parseSpoolEvent, type SpoolEvent } from './event.ts';

/** A spool file that parsed. */
export interface SpoolEntry {
  file: string;
  event: SpoolEvent;
}

/** A spool file that did not, and why. */
export interface BadSpoolEntry {
  file: string;
  reason: string;
}

/** Names of the waiting spool files, oldest first (temp files of writes in flight excluded). */
export function listSpool(dataDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(spoolDir(dataDir));
  } catch {
    return [];
  }
  return names.filter((name) => name.endsWith('.json')).sort();
}

/** Reads up to `limit` spool files in order, separating the good from the bad. */
export function readSpoolBatch(
  dataDir: string,
  limit: number,
): { entries: SpoolEntry[]; bad: BadSpoolEntry[] } {
  const entries: SpoolEntry[] = [];
  const bad: BadSpoolEntry[] = [];
  for (const name of listSpool(dataDir).slice(0, limit)) {
    const file = join(spoolDir(dataDir), name);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // Removed by a concurrent ingest pass: nothing to do.
    }
    const parsed = parseSpoolEvent(text);
    if (parsed.ok) entries.push({ file, event: parsed.event });
    else bad.push({ file, reason: parsed.reason });
  }
  return { entries, bad };
}

/** Removes an ingested spool file (after its commit). */
export function removeSpoolFile(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone: a redelivery is idempotent anyway.
  }
}

/** Moves a bad spool file aside with a `.reason` note, so the rest keeps flowing. */
export function quarantine(dataDir: string, entry: BadSpoolEntry): void {
  const dir = quarantineDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, basename(entry.file));
  renameSync(entry.file, target);
  writeFileSync(`${target}.reason`, `${entry.reason}\n`, { mode: 0o600 });
}

/** How many bad files wait in quarantine. */
export function countQuarantined(dataDir: string): number {
  try {
    return readdirSync(quarantineDir(dataDir)).filter((name) => name.endsWith('.json')).length;
  } catch {
    return 0;
  }
}
