import type { ProviderName } from '../domain/index.ts';
import type { Usage } from './types.ts';

/**
 * The daily token budget of the LLM providers. Checked before every call with the call's
 * estimated size (input estimate + the output limit, so a call that is allowed cannot overrun),
 * and told what every call actually spent. The worker backs it with the `usage` table.
 */
export interface Budget {
  /** Whether `tokens` more may be spent with `provider` today. */
  allows(provider: ProviderName | 'fake', tokens: number): boolean;
  /** Records what one call spent, for the project whose turn it compressed. */
  record(provider: ProviderName | 'fake', model: string, usage: Usage, project: string): void;
}

/** A budget with no limit that records nothing. */
export const UNLIMITED: Budget = { allows: () => true, record: () => undefined };

/** An in-memory budget for tests: limits per provider, and every recorded call. */
export function createMemoryBudget(limits: Partial<Record<string, number>> = {}) {
  const spent = new Map<string, number>();
  const calls: Array<{ provider: string; model: string; usage: Usage; project: string }> = [];
  return {
    calls,
    spent: (provider: string): number => spent.get(provider) ?? 0,
    allows(provider: string, tokens: number): boolean {
      const limit = limits[provider];
      return limit === undefined || (spent.get(provider) ?? 0) + tokens <= limit;
    },
    record(provider: string, model: string, usage: Usage, project: string): void {
      spent.set(provider, (spent.get(provider) ?? 0) + usage.tokensIn + usage.tokensOut);
      calls.push({ provider, model, usage, project });
    },
  } satisfies Budget & Record<string, unknown>;
}
