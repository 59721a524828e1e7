import type { UsageReport, UsageTotals } from '../../store/index.ts';

type Align = 'left' | 'right';

const int = (n: number): string => n.toLocaleString('en-US');

/** Dollars with cents, or four decimals under a cent so small spend does not read as nothing. */
export const dollars = (usd: number): string =>
  usd > 0 && usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;

/** Spend recorded before usage was kept per project has no project. */
const projectName = (project: string): string => (project === '' ? '(unknown)' : project);

const figures = (t: UsageTotals): string[] => [
  int(t.calls),
  int(t.tokensIn),
  int(t.tokensOut),
  int(t.tokensIn + t.tokensOut),
  dollars(t.costUsd),
];

const FIGURE_HEADS = ['Calls', 'Input', 'Output', 'Total tokens', 'Cost (USD)'];

/** Columns padded to their widest cell, a rule under the head and above the last `footer` rows. */
function table(head: string[], rows: string[][], aligns: Align[], footer = 0): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        aligns[i] === 'right' ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const body = rows.map(line);
  const tail = footer > 0 ? [rule, ...body.splice(body.length - footer)] : [];
  return [line(head), rule, ...body, ...tail];
}

/**
 * `claude-mem usage` as people read it: one row per period and project (models, calls, input,
 * output and total tokens, estimated cost), a total row, and the totals per project when there
 * are several.
 */
export function formatUsage(report: UsageReport): string[] {
  const unit = report.by === 'day' ? 'day' : 'month';
  const scope = report.project === null ? 'all projects' : `project ${report.project}`;
  const title = `Compression usage by ${unit}, ${scope} (cost estimated at list prices)`;
  if (report.rows.length === 0) {
    const none =
      report.project === null
        ? 'No LLM compression recorded yet (the heuristic compressor costs nothing).'
        : `No LLM compression recorded for project ${report.project} (without --project: all projects).`;
    return [title, '', none];
  }
  const rows = report.rows.map((r) => [
    r.period,
    projectName(r.project),
    r.models.join(', '),
    ...figures(r),
  ]);
  const aligns: Align[] = ['left', 'left', 'left', ...FIGURE_HEADS.map((): Align => 'right')];
  const head = [unit === 'day' ? 'Date' : 'Month', 'Project', 'Models', ...FIGURE_HEADS];
  const lines = [
    title,
    '',
    ...table(head, [...rows, ['Total', '', '', ...figures(report.totals)]], aligns, 1),
  ];
  if (report.projects.length < 2) return lines;
  const perProject = report.projects.map((p) => [projectName(p.project), ...figures(p)]);
  return [
    ...lines,
    '',
    'By project',
    '',
    ...table(['Project', ...FIGURE_HEADS], perProject, aligns.slice(2)),
  ];
}
