import { readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { spoolDir } from '../config/index.ts';
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
