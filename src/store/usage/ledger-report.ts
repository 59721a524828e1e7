import type { Db } from '../statements.js';
import type {
  LedgerMomentDay,
  LedgerPeriod,
  MemoryUse,
  NeverUsedMemory,
} from '../../domain/index.ts';
import { stmt } from '../statements.ts';

/** The ledger per day or month: what was injected and how much of it the agent used. */
export interface RecallUsage {
  periods: LedgerPeriod[];
  totals: Omit<LedgerPeriod, 'period'> & { usedShare: number };
}

const LOCAL_DAY = "strftime('%Y-%m-%d', at / 1000, 'unixepoch', 'localtime')";

const SUMS = `COUNT(*) AS injected, COALESCE(SUM(tokens), 0) AS injectedTokens,
  COALESCE(SUM(used_at IS NOT NULL), 0) AS used,
  COALESCE(SUM(CASE WHEN used_at IS NOT NULL THEN tokens ELSE 0 END), 0) AS usedTokens`;

/** The used share of injected tokens, 0..1 to the thousandth (0 when nothing was injected). */
export const usedShare = (t: { injectedTokens: number; usedTokens: number }): number =>
  t.injectedTokens > 0 ? Math.round((t.usedTokens / t.injectedTokens) * 1000) / 1000 : 0;

/** The ledger per local day or month, oldest first, with its totals (`usage`). */
export function recallUsage(
  db: Db,
  by: 'day' | 'month',
  project: string | null = null,
): RecallUsage {
  const periods = stmt(
    db,
    `SELECT substr(${LOCAL_DAY}, 1, @len) AS period, ${SUMS}
     FROM injections WHERE @project IS NULL OR project = @project
     GROUP BY period ORDER BY period`,
  ).all({ len: by === 'day' ? 10 : 7, project }) as LedgerPeriod[];
  const sum = (key: keyof Omit<LedgerPeriod, 'period'>) =>
    periods.reduce((total, row) => total + row[key], 0);
  const totals = {
    injected: sum('injected'),
    injectedTokens: sum('injectedTokens'),
    used: sum('used'),
    usedTokens: sum('usedTokens'),
  };
  return { periods, totals: { ...totals, usedShare: usedShare(totals) } };
}

/** Injected and used memories per local day and moment over the last `days` (the chart). */
export function recallChart(
  db: Db,
  query: { project: string | null; days: number; now: number },
): LedgerMomentDay[] {
  return stmt(
    db,
    `SELECT ${LOCAL_DAY} AS day, moment, COUNT(*) AS injected,
       COALESCE(SUM(used_at IS NOT NULL), 0) AS used
     FROM injections WHERE at >= @since AND (@project IS NULL OR project = @project)
     GROUP BY day, moment ORDER BY day, moment`,
  ).all({
    since: query.now - query.days * 86_400_000,
    project: query.project,
  }) as LedgerMomentDay[];
}

interface NeverUsedRow extends Omit<NeverUsedMemory, 'pinned'> {
  pinned: number;
}

/**
 * The memories injected into the most sessions and used in none (since the user's last reset
 * of their decay), most sessions first: what costs tokens and brings nothing.
 */
export function neverUsed(
  db: Db,
  query: { project: string | null; limit: number },
): NeverUsedMemory[] {
  const rows = stmt(
    db,
    `SELECT o.id, o.title, o.type, o.project, o.pinned, COUNT(DISTINCT i.session_id) AS sessions,
       SUM(i.tokens) AS tokens, MAX(i.at) AS lastInjectedAt
     FROM injections i JOIN observations o ON o.id = i.observation_id
     LEFT JOIN memory_use m ON m.observation_id = o.id
     WHERE (@project IS NULL OR o.project = @project)
       AND i.at > COALESCE(m.decay_reset_at, 0)
       AND NOT EXISTS (SELECT 1 FROM injections u
                       WHERE u.observation_id = o.id AND u.used_at IS NOT NULL)
     GROUP BY o.id ORDER BY sessions DESC, tokens DESC, o.id DESC LIMIT @limit`,
  ).all(query) as NeverUsedRow[];
  return rows.map((row) => ({ ...row, pinned: row.pinned === 1 }));
}

/** When one memory was injected and used, and what ranking made of it (`show ID`). */
export function memoryUse(db: Db, id: number): MemoryUse {
  const injections = stmt(
    db,
    `SELECT session_id AS sessionId, moment, at, tokens, used_at AS usedAt
     FROM injections WHERE observation_id = ? ORDER BY at DESC LIMIT 50`,
  ).all(id) as MemoryUse['injections'];
  const signals = stmt(
    db,
    `SELECT session_id AS sessionId, signal, turn, at, detail
     FROM use_signals WHERE observation_id = ? ORDER BY at DESC LIMIT 50`,
  ).all(id) as MemoryUse['signals'];
  const standing = stmt(
    db,
    'SELECT renewed_at AS renewedAt, decay_reset_at AS decayResetAt FROM memory_use WHERE observation_id = ?',
  ).get(id) as { renewedAt: number | null; decayResetAt: number | null } | undefined;
  const unusedSessions = stmt(
    db,
    `SELECT COUNT(DISTINCT i.session_id) FROM injections i
     WHERE i.observation_id = @id AND i.at > @since
       AND NOT EXISTS (SELECT 1 FROM injections u WHERE u.session_id = i.session_id
                         AND u.observation_id = i.observation_id AND u.used_at IS NOT NULL)`,
  )
    .pluck()
    .get({
      id,
      since: Math.max(standing?.decayResetAt ?? 0, standing?.renewedAt ?? 0),
    }) as number;
  return {
    injections,
    signals,
    unusedSessions,
    renewedAt: standing?.renewedAt ?? null,
    decayResetAt: standing?.decayResetAt ?? null,
  };
}
