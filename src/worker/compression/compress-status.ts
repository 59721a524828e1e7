import type { BudgetStatus, CompressionStatus } from '../../domain/viewer-api.ts';
import type { ProviderChoice } from '../../compress/index.ts';
import {
  countEventReasons,
  countEventStates,
  countTurnStates,
  localDay,
  usageOfDay,
  type Db,
} from '../../store/index.ts';
import type { StoreBudget } from './compress-budget.ts';

export type { BudgetStatus, CompressionStatus };

/** The smallest call worth making: below this many tokens left, the budget counts as spent. */
const MIN_CALL_TOKENS = 1_000;

function budgetOf(budget: StoreBudget, provider: string): BudgetStatus {
  const limit = budget.limitOf(provider);
  const used = budget.usedToday(provider);
  const left = Math.max(0, limit - used);
  return {
    provider,
    limit,
    used,
    left,
    spent: budget.refusedToday(provider) || left < MIN_CALL_TOKENS,
  };
}

/** Builds the status report. */
export function compressionStatus(
  db: Db,
  choice: ProviderChoice,
  budget: StoreBudget,
  now: number,
): CompressionStatus {
  const day = localDay(now);
  const usage = usageOfDay(db, day);
  const providers = [...new Set([choice.active, ...usage.map((row) => row.provider)])].filter(
    (p) => p !== 'heuristic',
  );
  const budgets = providers.map((provider) => budgetOf(budget, provider));
  const spent = budgets.find((entry) => entry.provider === choice.active)?.spent === true;
  const primary = choice.chain.compressors[0];
  return {
    provider: spent ? 'heuristic' : choice.active,
    selected: choice.active,
    configured: choice.configured,
    model: spent ? null : (primary?.model ?? null),
    reason: spent
      ? `${choice.active} daily token budget is spent: heuristic until tomorrow (${choice.reason})`
      : choice.reason,
    budgetExhausted: spent,
    events: countEventStates(db),
    problems: countEventReasons(db),
    turns: countTurnStates(db),
    today: { day, usage },
    budget: budgets,
  };
}
