import type { EvalMetrics, MomentMetrics } from './eval-metrics.ts';
import type { Moment } from './eval-types.ts';

/** One column of the report: a configuration's name and its figures. */
export interface EvalColumn {
  name: string;
  metrics: EvalMetrics;
}

const MOMENT_NAMES: ReadonlyArray<[Moment | 'all', string]> = [
  ['session-start', 'session start'],
  ['prompt', 'prompt time'],
  ['file', 'file time'],
  ['dead-end', 'dead-end warning'],
  ['all', 'any moment'],
];

const percent = (value: number | null): string =>
  value === null ? '-' : `${Math.round(value * 100)}%`;
const count = (value: number): string => value.toLocaleString('en-US');

type Row = [string, (m: EvalMetrics) => string];

function momentRows(title: string, cell: (m: MomentMetrics) => string, all = 'any moment'): Row[] {
  return [
    [title, () => ''],
    ...MOMENT_NAMES.map(([moment, name]): Row => [
      `  ${moment === 'all' ? all : name}`,
      (metrics) => cell(metrics.moments[moment]),
    ]),
  ];
}

const ROWS: Row[] = [
  ['sessions replayed', (m) => count(m.sessions)],
  ['turns', (m) => count(m.turns)],
  [
    'turns that needed memory',
    (m) =>
      `${count(m.turnsNeedingMemory)} (${percent(m.turns ? m.turnsNeedingMemory / m.turns : null)})`,
  ],
  ['  read/edited a remembered file', (m) => count(m.needs.file)],
  ['  re-ran a failed command', (m) => count(m.needs.command)],
  ['  asked again', (m) => count(m.needs['ask-again'])],
  ...momentRows('reached before the call', (m) => percent(m.reach)),
  ...momentRows('tokens injected per turn', (m) => m.tokensPerTurn.toFixed(1), 'all moments'),
  ...momentRows('memories injected', (m) => count(m.memories), 'all moments'),
  ...momentRows('memories used', (m) => percent(m.usedShare), 'all moments'),
  ...momentRows('injections never used', (m) => percent(m.neverUsedShare), 'all moments'),
];

/**
 * The per-moment table: one row per figure, one column per configuration (two with
 * `--compare`), aligned for a terminal.
 */
export function evalTable(columns: readonly EvalColumn[]): string[] {
  const cells = [
    ['', ...columns.map((column) => column.name)],
    ...ROWS.map(([label, cell]) => [label, ...columns.map((column) => cell(column.metrics))]),
  ];
  const widths = cells[0]!.map((_, index) =>
    Math.max(...cells.map((row) => (row[index] ?? '').length)),
  );
  return cells.map((row) =>
    row
      .map((cell, index) => (index === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[index]!)))
      .join('  ')
      .trimEnd(),
  );
}
