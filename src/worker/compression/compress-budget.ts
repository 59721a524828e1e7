import { estimateCostUsd, type Budget } from '../../compress/index.ts';
import type { ProviderName } from '../../domain/index.ts';
import type { Settings } from '../../config/index.ts';
import { localDay, recordUsage, tokensOfDay, type Db } from '../../store/index.ts';

const LIMIT_KEYS = {
  'claude-code': 'compress.claudeCode.dailyTokens',
  anthropic: 'compress.anthropic.dailyTokens',
  openai: 'compress.openai.dailyTokens',
} as const satisfies Partial<Record<ProviderName, keyof Settings>>;

/** The daily budget backed by the `usage` table, and what the status report needs of it. */
export interface StoreBudget extends Budget {
  /** Today's limit of `provider` (Infinity for providers without a budget). */
  limitOf(provider: string): number;
  /** Tokens spent with `provider` today. */
  usedToday(provider: string): number;
  /** A call to `provider` was refused today because the budget was spent. */
  refusedToday(provider: string): boolean;
}

/**
 * Checks a call against today's spend (local day) in the `usage` table and records every call
 * there at once, outside any batch transaction, so spend is never lost to a failed batch.
 */
export function createStoreBudget(db: Db, settings: Settings, now: () => number): StoreBudget {
  const refused = new Map<string, string>();
  const limitOf = (provider: string): number => {
    const key = LIMIT_KEYS[provider as keyof typeof LIMIT_KEYS];
    return key ? settings[key] : Infinity;
  };
  const usedToday = (provider: string): number => tokensOfDay(db, localDay(now()), provider);
  return {
    limitOf,
    usedToday,
    refusedToday: (provider) => refused.get(provider) === localDay(now()),
    allows(provider, tokens) {
      const ok = usedToday(provider) + tokens <= limitOf(provider);
      if (!ok) refused.set(provider, localDay(now()));
      return ok;
    },
    record(provider, model, usage, project) {
      const costUsd = estimateCostUsd(provider, model, usage) ?? 0;
      recordUsage(db, { day: localDay(now()), project, provider, model, ...usage, costUsd });
    },
  };
}
