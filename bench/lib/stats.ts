/** Summary statistics of a set of timings (milliseconds). */
export interface Summary {
  n: number;
  min: number;
  p50: number;
  p95: number;
  mean: number;
}

/** Nearest-rank percentile `p` (0-100) of `samples`. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

/** n, min, p50, p95 and mean of `samples`. */
export function summarize(samples: readonly number[]): Summary {
  const total = samples.reduce((sum, value) => sum + value, 0);
  return {
    n: samples.length,
    min: Math.min(...samples),
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    mean: total / samples.length,
  };
}

/** `value` with `digits` decimals. */
export const fixed = (value: number, digits = 1): string => value.toFixed(digits);

/** Prints a Markdown table (readable as is in a terminal and pasteable into a report). */
export function printTable(
  headers: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): void {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(headers));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

/** A positive whole number from the first CLI argument, else `envName`, else `fallback`. */
export function countArg(envName: string, fallback: number): number {
  const raw = process.argv[2] ?? process.env[envName];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`expected a positive whole number (argument or ${envName}), got ${raw}`);
  }
  return value;
}

/** Milliseconds elapsed since `start` (from `process.hrtime.bigint()`). */
export const msSince = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;
