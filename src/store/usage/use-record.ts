import type { Db } from '../statements.js';
import type { UseSignalKind } from '../../domain/index.ts';
import { stmt } from '../statements.ts';

/** A memory a session was given, with what the use detector looks for in it. */
export interface SessionMemory {
  id: number;
  /** Its first injection into the session, and that injection's turn. */
  at: number;
  turn: number;
  files: string[];
  text: string;
}

/** One use signal as stored (the detector's output, memory words only). */
export interface StoredSignal {
  observationId: number;
  signal: UseSignalKind;
  turn: number;
  at: number;
  detail: string;
}

const listOf = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

interface MemoryRow {
  id: number;
  at: number;
  turn: number;
  title: string;
  subtitle: string | null;
  narrative: string;
  facts: string;
  files_read: string;
  files_modified: string;
}

/** The memories injected into `sessionId` (still stored), each at its first injection. */
export function sessionMemories(db: Db, sessionId: string): SessionMemory[] {
  const rows = stmt(
    db,
    `SELECT o.id, MIN(i.at) AS at, MIN(i.turn) AS turn, o.title, o.subtitle, o.narrative,
            o.facts, o.files_read, o.files_modified
     FROM injections i JOIN observations o ON o.id = i.observation_id
     WHERE i.session_id = ? GROUP BY o.id`,
  ).all(sessionId) as MemoryRow[];
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    turn: row.turn,
    files: [...listOf(row.files_read), ...listOf(row.files_modified)],
    text: [row.title, row.subtitle ?? '', row.narrative, ...listOf(row.facts)].join('\n'),
  }));
}

/**
 * Stores a session's use signals (once per memory, signal and turn), marks each injection of
 * the memory made before a signal as used at the first such signal, and, when `renew`, renews
 * the memory for ranking (its age starts again at its last use).
 */
export function recordUse(
  db: Db,
  sessionId: string,
  signals: readonly StoredSignal[],
  renew: boolean,
): void {
  const insert = stmt(
    db,
    `INSERT OR IGNORE INTO use_signals (session_id, observation_id, signal, turn, at, detail)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  // A signal counts for an injection made before it: by time, or by turn when it has no time.
  const used = stmt(
    db,
    `UPDATE injections SET used_at = @at
     WHERE session_id = @sessionId AND observation_id = @id AND (used_at IS NULL OR used_at > @at)
       AND (at < @at OR (@at = 0 AND turn < @turn))`,
  );
  const renewed = stmt(
    db,
    `INSERT INTO memory_use (observation_id, renewed_at) VALUES (@id, @at)
     ON CONFLICT (observation_id) DO UPDATE SET renewed_at = MAX(COALESCE(renewed_at, 0), @at)`,
  );
  db.transaction(() => {
    for (const s of signals) {
      const at = Number.isFinite(s.at) ? s.at : 0;
      insert.run(sessionId, s.observationId, s.signal, s.turn, at, s.detail.slice(0, 300));
      used.run({ at, sessionId, id: s.observationId, turn: s.turn });
      if (renew && at > 0) renewed.run({ id: s.observationId, at });
    }
  })();
}

/** Where Claude Code keeps `sessionId`'s transcript, as its hooks said; undefined if unknown. */
export function transcriptPathOf(db: Db, sessionId: string): string | undefined {
  const path = stmt(db, 'SELECT transcript_path FROM sessions WHERE session_id = ?')
    .pluck()
    .get(sessionId) as string | null | undefined;
  return path || undefined;
}
