import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runProcess, type ProcessRun } from '../helpers/run-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const BENCH = join(ROOT, 'bench', 'recall.ts');
// Only what the repository ships: a conversation of our own in LoCoMo's format, and the shipped
// transcripts (the real LoCoMo and the full corpus are for `npm run bench`).
const LOCOMO = join(ROOT, 'fixtures', 'locomo-format', 'conv-mini.json');
const CORPUS = ['spotter-transcripts', 'claude-code-log-real-projects']
  .map((dir) => join(ROOT, 'fixtures', 'transcripts', dir))
  .join(',');

interface Scores {
  at5: number;
  at10: number;
  n: number;
}

interface BenchOutput {
  embedder: string;
  locomo: { questions: number; memories: number; scores: Record<string, Scores> };
  knownItems: { queries: number; top5: Record<string, number> };
}

const runBench = (args: string[]): Promise<ProcessRun> =>
  runProcess(process.execPath, ['--import', 'tsx', BENCH, ...args], { timeoutMs: 600_000 });

const inRange = (value: number): boolean => value >= 0 && value <= 1;

describe('bench/recall on a small slice (the offline model, a LoCoMo-format conversation, 2 transcripts)', () => {
  it('prints recall@5 and recall@10 for fts, vector and hybrid, and the known-item top-5 rate', async () => {
    const run = await runBench([
      '--locomo',
      LOCOMO,
      '--corpus',
      CORPUS,
      '--only',
      'conv-mini',
      '--sessions',
      '6',
      '--known-items',
      '30',
      '--transcripts',
      '2',
      '--embedder',
      'local',
      '--json',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as BenchOutput;
    assert.equal(out.embedder, 'local');
    assert.ok(out.locomo.questions >= 15, `${out.locomo.questions} questions`);
    assert.deepEqual(Object.keys(out.locomo.scores), ['fts', 'vector', 'hybrid']);
    for (const scores of Object.values(out.locomo.scores)) {
      assert.ok(inRange(scores.at5) && inRange(scores.at10) && scores.at5 <= scores.at10);
    }
    assert.ok(
      out.locomo.scores.fts!.at10 >= 0.3,
      'full text finds the evidence of at least 30% of questions',
    );
    assert.equal(out.knownItems.queries, 30);
    assert.deepEqual(Object.keys(out.knownItems.top5), ['fts', 'vector', 'hybrid']);
    assert.ok(out.knownItems.top5.fts! >= 0.5 && out.knownItems.top5.hybrid! >= 0.5);
  });
});
