import type { RecallUsage, UsageReport } from '../../store/index.ts';
import { dollars } from './usage-table.ts';

/** `usage`'s answer: compression spend, and since issue 35 the injection ledger beside it. */
export type UsageWithRecall = UsageReport & { recall?: RecallUsage };

const int = (n: number): string => n.toLocaleString('en-US');
const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** `2026-03` of `now`, local time, as the usage rows name months. */
const monthOf = (now: number): string => {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/**
 * What memory cost and brought this month, in one sentence, then the ledger per period:
 * injected memories and tokens, and the share of those tokens the agent then used.
 */
export function recallLines(report: UsageWithRecall, now: number): string[] {
  const recall = report.recall;
  if (!recall || recall.periods.length === 0) return [];
  const month = monthOf(now);
  const cost = report.rows
    .filter((row) => row.period.startsWith(month))
    .reduce((sum, row) => sum + row.costUsd, 0);
  const ledger = recall.periods.filter((row) => row.period.startsWith(month));
  const tokens = ledger.reduce((sum, row) => sum + row.injectedTokens, 0);
  const used = ledger.reduce((sum, row) => sum + row.usedTokens, 0);
  const share = tokens > 0 ? used / tokens : 0;
  const headline = `Memory cost ${dollars(cost)} this month; it injected ${int(tokens)} tokens, ${percent(share)} of them used.`;
  const rows = recall.periods.map(
    (row) =>
      `${row.period.padEnd(10)}  ${int(row.injected).padStart(9)}  ${int(row.injectedTokens).padStart(15)}  ${percent(
        row.injectedTokens > 0 ? row.usedTokens / row.injectedTokens : 0,
      ).padStart(9)}`,
  );
  return [
    '',
    headline,
    '',
    `${(report.by === 'day' ? 'Date' : 'Month').padEnd(10)}   Injected  Injected tokens  Used share`,
    ...rows,
  ];
}
