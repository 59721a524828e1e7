import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_DIRS } from '../../test/helpers/replay.ts';

/**
 * The full evaluation corpus, beside the repository when present (../shared/eval-data: ~2,000
 * tool events from real Claude Code transcripts, each folder's SOURCE.md names source and
 * licence). Benchmarks prefer it; the tests use only the subset shipped in fixtures/transcripts.
 */
export const EVAL_DATA = join(import.meta.dirname, '..', '..', '..', 'shared', 'eval-data');
const FULL_DIRS = ['spotter-transcripts', 'claude-code-log-real-projects'].map((dir) =>
  join(EVAL_DATA, dir),
);

/**
 * The transcript folders a benchmark replays: `explicit` when given, else the full corpus, else
 * (saying so on stderr, since the figures are then not comparable with bench/REPORT.md) the
 * shipped subset.
 */
export function benchCorpusDirs(explicit: readonly string[] = []): string[] {
  if (explicit.length > 0) return [...explicit];
  if (FULL_DIRS.every((dir) => existsSync(dir))) return FULL_DIRS;
  process.stderr.write(
    `bench: the full transcript corpus is absent (${EVAL_DATA}); using the small subset shipped in fixtures/transcripts: figures are not comparable with bench/REPORT.md\n`,
  );
  return CORPUS_DIRS;
}
