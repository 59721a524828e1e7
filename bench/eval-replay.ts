// What `claude-mem eval` reports over the real transcripts of ../shared/eval-data (each folder's
// SOURCE.md names source and licence), for the default settings and with prompt-time and
// file-time recall turned off, one at a time and both: per moment the share of the calls that
// needed memory it reached before the call, tokens injected per turn, the share of shown
// memories used and the share of injections none of whose memories was used. Each variant
// replays the same sessions into its own throwaway store (heuristic compression, full-text
// recall, no embeddings), so the columns compare the same work; ratios are against the default.
// Usage: node --import tsx bench/eval-replay.ts [--dir DIR] [--json]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSettings, type Settings } from '../src/config/index.ts';
import { planSessions, transcriptPaths } from '../src/cli/backfill/session-plan.ts';
import { evalMetrics, type EvalMetrics } from '../src/cli/eval/eval-metrics.ts';
import { runEval } from '../src/cli/eval/eval-run.ts';
import { evalTable } from '../src/cli/eval/eval-table.ts';
import { benchCorpusDirs } from './lib/corpus.ts';
import { flags } from './lib/recall-stack.ts';

const args = flags();
const dirs = benchCorpusDirs(args.has('dir') ? [args.get('dir')!] : []);
const plans = planSessions(transcriptPaths(dirs), {});
const defaults: Settings = {
  ...loadSettings(join(tmpdir(), 'claude-mem-bench-no-such-dir'), {}).settings,
  'compress.provider': 'heuristic',
};
const BOTH_OFF: Partial<Settings> = { 'recall.promptTime': false, 'recall.fileTime': false };
const VARIANTS: Array<[string, Partial<Settings>]> = [
  ['default', {}],
  ['recall.promptTime=false', { 'recall.promptTime': false }],
  ['recall.fileTime=false', { 'recall.fileTime': false }],
  ['both off', BOTH_OFF],
  // A project with far more memories than the index lists (this corpus: ~400 over 8 projects).
  ['index 10', { 'context.maxObservations': 10 }],
  ['index 10, both off', { 'context.maxObservations': 10, ...BOTH_OFF }],
];

const columns: Array<{ name: string; metrics: EvalMetrics; seconds: number }> = [];
for (const [name, change] of VARIANTS) {
  const workDir = mkdtempSync(join(tmpdir(), 'claude-mem-bench-eval-'));
  const started = performance.now();
  const results = await runEval({ plans, settings: { ...defaults, ...change }, workDir });
  const seconds = (performance.now() - started) / 1000;
  rmSync(workDir, { recursive: true, force: true });
  columns.push({ name, metrics: evalMetrics(results), seconds });
  process.stderr.write(`${name}: ${seconds.toFixed(1)} s\n`);
}

if (args.has('json')) {
  process.stdout.write(`${JSON.stringify(columns, null, 2)}\n`);
} else {
  console.log(`${plans.length} sessions from ${dirs.join(', ')}\n`);
  evalTable(columns).forEach((line) => console.log(line));
  const base = columns[0]!.metrics.moments.all;
  console.log('\nagainst the default (same sessions, same run):');
  for (const { name, metrics, seconds } of columns.slice(1)) {
    const all = metrics.moments.all;
    const ratio = (a: number | null, b: number | null) =>
      a === null || b === null || b === 0 ? '-' : `${(a / b).toFixed(2)}x`;
    console.log(
      `  ${name}: reach ${ratio(all.reach, base.reach)}, tokens per turn ${ratio(all.tokensPerTurn, base.tokensPerTurn)}, replay time ${ratio(seconds, columns[0]!.seconds)}`,
    );
  }
}
