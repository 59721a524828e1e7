import { readFileSync, readdirSync } from 'node:fs';
import type { HookRun } from '../../src/cli/hook-process.ts';
import { queryDb } from './db.ts';
import type { TestHome } from './env.ts';
import { foldContext } from './hook-answer.ts';
import type { SoakLoad } from './soak-load.ts';

const NEUTRAL = '{"continue":true,"suppressOutput":true}\n';

/**
 * Hook runs that did not exit 0 with the neutral answer (recalled context folded, except for a
 * fully private prompt: that one must get nothing).
 */
export function badRuns(load: SoakLoad): Array<{ event: string; run: HookRun }> {
  return load.runs.filter(
    ({ run, private: privateRun }) =>
      run.code !== 0 ||
      (privateRun ? run.stdout : foldContext(run.stdout)) !== NEUTRAL ||
      run.stderr !== '',
  );
}

/** Hook runs whose answer carried recalled memory (they count as neutral in `badRuns`). */
export function recalledRuns(load: SoakLoad): number {
  return load.runs.filter(
    ({ run }) => run.stdout !== NEUTRAL && foldContext(run.stdout) === NEUTRAL,
  ).length;
}

/** How the stored events ended up: state -> count, and those without a reason where one is due. */
export function eventOutcomes(home: TestHome) {
  const rows = queryDb<{ tool_use_id: string; state: string; reason: string | null }>(
    home.dataDir,
    'SELECT tool_use_id, state, reason FROM events',
  );
  const states: Record<string, number> = {};
  for (const row of rows) states[row.state] = (states[row.state] ?? 0) + 1;
  const unexplained = rows.filter((row) => row.state !== 'compressed' && !row.reason);
  return { ids: rows.map((row) => row.tool_use_id), states, unexplained };
}

/** Every live process (not a zombie) whose environment points at `dataDir`: hooks, workers, children. */
export function processesFor(dataDir: string): number[] {
  const wanted = `CLAUDE_MEM_DATA_DIR=${dataDir}`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
        return (
          state !== 'Z' &&
          readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(wanted)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Memory growth over the quiet tail: the samples of the worker that ran through it, after a
 * warm-up, split in thirds; the median of the last third against the first, and the slope of a
 * least-squares line in MB per minute.
 */
export function rssTrend(load: SoakLoad, warmUpMs = 3000) {
  const last = load.rss.at(-1);
  const mine = load.rss.filter((s) => s.pid === last?.pid);
  const from = (mine[0]?.at ?? 0) + warmUpMs;
  const samples = mine.filter((s) => s.at >= from);
  const third = Math.max(1, Math.floor(samples.length / 3));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const firstMb = median(samples.slice(0, third).map((s) => s.kb)) / 1024;
  const lastMb = median(samples.slice(-third).map((s) => s.kb)) / 1024;
  const n = samples.length;
  const mx = samples.reduce((sum, s) => sum + s.at, 0) / Math.max(1, n);
  const my = samples.reduce((sum, s) => sum + s.kb, 0) / Math.max(1, n);
  const cov = samples.reduce((sum, s) => sum + (s.at - mx) * (s.kb - my), 0);
  const varx = samples.reduce((sum, s) => sum + (s.at - mx) ** 2, 0);
  const slopeMbPerMin = varx === 0 ? 0 : ((cov / varx) * 60_000) / 1024;
  return {
    samples: n,
    spanMs: (samples.at(-1)?.at ?? 0) - (samples[0]?.at ?? 0),
    firstMb,
    lastMb,
    slopeMbPerMin,
  };
}
