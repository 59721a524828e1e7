import type { Logger } from '../../config/index.ts';
import {
  quarantine,
  readSpoolBatch,
  removeSpoolFile,
  sweepStaleTemps,
  type BadSpoolEntry,
  type SpoolEntry,
  type SpoolEvent,
} from '../../spool/index.ts';
import type { Db } from '../../store/index.ts';
import { applyEvent, type Applied } from './apply-event.ts';
import { recoverTools, type Recovery } from './recover-tools.ts';
import { isBusy, isDbFault } from '../db-fault.ts';

/** Counters of one ingest pass. */
export interface IngestResult {
  stored: number;
  duplicates: number;
  quarantined: number;
  applied: Applied[];
}

/**
 * Moves up to `batchSize` spool files into the database in one transaction, then removes them.
 * A file is removed only after the commit that stored it; a crash in between redelivers it,
 * which `applyEvent` ignores. Unreadable files go to quarantine with the reason.
 */
export function ingestBatch(
  dataDir: string,
  db: Db,
  log: Logger,
  batchSize = 500,
  recovery?: Recovery,
): IngestResult {
  const { entries, bad } = readSpoolBatch(dataDir, batchSize);
  const quarantined = bad.filter((entry) => setAside(dataDir, log, entry)).length;
  const applied = applyEntries(dataDir, db, log, withRecovered(db, entries, recovery));
  const duplicates = applied.filter((item) => item.duplicate).length;
  return { stored: applied.length - duplicates, duplicates, quarantined, applied };
}

/**
 * Quarantines a bad file with its reason. One that cannot be (a full disk refuses the note)
 * stays in the spool for a later pass, and the good files of the batch still go in.
 */
function setAside(dataDir: string, log: Logger, entry: BadSpoolEntry): boolean {
  try {
    quarantine(dataDir, entry);
    log.log('warn', `spool file quarantined: ${entry.reason}`, { file: entry.file });
    return true;
  } catch (error) {
    log.log('error', `cannot quarantine a bad spool file, will retry: ${String(error)}`, {
      file: entry.file,
    });
    return false;
  }
}

/** A spool file with the events to apply for it: its own, after the tools it recovers. */
interface Planned {
  file: string;
  events: SpoolEvent[];
}

/**
 * Plans each file's events. With `recovery`, a Stop or SessionEnd first brings in the tool calls
 * of its turn that the transcript holds and no hook delivered (see recoverTools), so they are
 * stored in the same transaction, before the turn is closed and compressed.
 */
function withRecovered(db: Db, entries: SpoolEntry[], recovery?: Recovery): Planned[] {
  const known = new Set<string>();
  for (const { event } of entries) {
    if (event.kind === 'tool' && event.toolUseId !== null) known.add(event.toolUseId);
  }
  return entries.map((entry) => {
    const recovered = recovery ? tryRecover(db, entry.event, known, recovery) : [];
    for (const event of recovered) if (event.kind === 'tool') known.add(event.toolUseId ?? '');
    return { file: entry.file, events: [...recovered, entry.event] };
  });
}

/** Recovery that fails for a reason other than the database's is logged and skipped. */
function tryRecover(
  db: Db,
  event: SpoolEvent,
  known: ReadonlySet<string>,
  recovery: Recovery,
): SpoolEvent[] {
  try {
    return recoverTools(db, event, known, recovery);
  } catch (error) {
    if (mustWait(error)) throw error;
    recovery.log.log('warn', `recovery at ${event.kind} failed: ${String(error)}`, {
      sessionId: event.sessionId,
    });
    return [];
  }
}

/** Errors that leave the files in the spool for a later pass: the database's, not the event's. */
const mustWait = (error: unknown): boolean => isBusy(error) || isDbFault(error);

/**
 * Applies a batch in one transaction. If that fails for a reason other than a busy or faulty
 * database (corrupt, full disk, I/O error: the caller retries later, the files stay), each entry
 * is applied alone so that one event the database rejects is quarantined with the reason instead
 * of blocking the spool forever.
 */
function applyEntries(dataDir: string, db: Db, log: Logger, entries: Planned[]): Applied[] {
  const applyAll = (entry: Planned) => entry.events.map((event) => applyEvent(db, event));
  try {
    const applied = db.transaction(() => entries.flatMap(applyAll)).immediate();
    for (const entry of entries) removeSpoolFile(entry.file);
    return applied;
  } catch (error) {
    if (mustWait(error)) throw error;
  }
  const applied: Applied[] = [];
  for (const entry of entries) {
    try {
      applied.push(...db.transaction(() => applyAll(entry)).immediate());
      removeSpoolFile(entry.file);
    } catch (error) {
      if (mustWait(error)) throw error;
      setAside(dataDir, log, {
        file: entry.file,
        reason: `database rejected it: ${String(error)}`,
      });
    }
  }
  return applied;
}

/**
 * Ingests until the spool is empty (or `maxBatches` ran), after turning the temp files of
 * interrupted writes into events or removing them.
 */
export function ingestAll(
  dataDir: string,
  db: Db,
  log: Logger,
  maxBatches = 1000,
  recovery?: Recovery,
): IngestResult {
  sweepStaleTemps(dataDir, log);
  const total: IngestResult = { stored: 0, duplicates: 0, quarantined: 0, applied: [] };
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const result = ingestBatch(dataDir, db, log, 500, recovery);
    total.stored += result.stored;
    total.duplicates += result.duplicates;
    total.quarantined += result.quarantined;
    total.applied.push(...result.applied);
    if (result.stored + result.duplicates + result.quarantined === 0) break;
  }
  return total;
}
