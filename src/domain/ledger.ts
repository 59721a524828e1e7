/**
 * The injection ledger's words (issue 35): the moments a memory reaches the agent and the
 * signals that say it was used. One list each; the migration's CHECKs, the store, the detector,
 * `usage` and the viewer follow them.
 */

/** When claude-mem put a memory before the agent. */
export const INJECTION_MOMENTS = [
  'session-start',
  'prompt',
  'file',
  'dead-end',
  'mcp-search',
  'mcp-timeline',
  'mcp-get',
] as const;
export type InjectionMoment = (typeof INJECTION_MOMENTS)[number];

/** How the agent showed it used a memory, later in the same session. */
export const USE_SIGNALS = ['fetched', 'file', 'command', 'term'] as const;
export type UseSignalKind = (typeof USE_SIGNALS)[number];

/** One day (or month) of the ledger: what was injected, how much of it was used. */
export interface LedgerPeriod {
  /** `YYYY-MM-DD` or `YYYY-MM`, local time. */
  period: string;
  injected: number;
  injectedTokens: number;
  used: number;
  usedTokens: number;
}

/** Injected and used per moment and day (the viewer's recall chart). */
export interface LedgerMomentDay {
  day: string;
  moment: InjectionMoment;
  injected: number;
  used: number;
}

/** A memory injected often and never used: a candidate to pin, edit or forget. */
export interface NeverUsedMemory {
  id: number;
  title: string;
  type: string;
  project: string;
  pinned: boolean;
  /** Sessions it was injected into (since the user's last reset of its decay). */
  sessions: number;
  tokens: number;
  lastInjectedAt: number;
}

/** When one memory was injected and used (`show ID`). */
export interface MemoryUse {
  injections: Array<{
    sessionId: string;
    moment: InjectionMoment;
    at: number;
    tokens: number;
    usedAt: number | null;
  }>;
  signals: Array<{
    sessionId: string;
    signal: UseSignalKind;
    turn: number;
    at: number;
    detail: string;
  }>;
  /** Sessions where it was injected and never used, since `decayResetAt`: what sinks it. */
  unusedSessions: number;
  renewedAt: number | null;
  decayResetAt: number | null;
}
