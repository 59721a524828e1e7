// Consolidation on the real transcripts (issue 34). The corpus (../shared/eval-data) is captured
// and compressed by the heuristic provider; `claude-mem consolidate`'s proposal is made for each
// project: proposals (merges, memories folded, drops) per 100 memories, and a sample of merges
// printed for a hand check (`--sample N`, default 30, spread over the corpus). The baseline in
// the same run: exact-title duplicates (same project, type and title), the merges any tool would
// make, against which our near-duplicate rule's extra merges are the ones to check.
// Usage: node --import tsx bench/consolidate.ts [--sample 30] [transcript folders...]
import { parseArgs } from 'node:util';
import { ownProjects, proposeConsolidation } from '../src/store/index.ts';
import { heuristicCorpus } from './lib/heuristic-corpus.ts';
import { printTable } from './lib/stats.ts';

const { values, positionals } = parseArgs({
  options: { sample: { type: 'string', default: '30' } },
  allowPositionals: true,
});
const corpus = await heuristicCorpus(positionals);
const db = corpus.db;
const memories = Number(db.prepare('SELECT COUNT(*) FROM observations').pluck().get());
const changesets = ownProjects(db).map((project) => proposeConsolidation(db, project));
const merges = changesets.flatMap((changeset) => changeset.merges);
const folded = merges.reduce((sum, merge) => sum + merge.from.length, 0);
const drops = changesets.reduce((sum, changeset) => sum + changeset.drops.length, 0);
const exact = Number(
  db
    .prepare(
      `SELECT COALESCE(SUM(n - 1), 0) FROM (SELECT COUNT(*) AS n FROM observations
        WHERE author IS NULL AND scope = 'private' AND pinned = 0
        GROUP BY project, type, title HAVING n > 1)`,
    )
    .pluck()
    .get(),
);
const per100 = (n: number) => ((100 * n) / Math.max(memories, 1)).toFixed(1);
printTable(
  ['measure', 'count', 'per 100 memories'],
  [
    ['memories', String(memories), '100'],
    ['merges proposed', String(merges.length), per100(merges.length)],
    ['memories folded by them', String(folded), per100(folded)],
    ['noise drops proposed', String(drops), per100(drops)],
    ['baseline: exact-title duplicates', String(exact), per100(exact)],
    ['ratio folded / baseline', exact === 0 ? '-' : (folded / exact).toFixed(2), ''],
  ],
);
const size = Number(values.sample);
const step = Math.max(1, Math.floor(merges.length / size));
const sample = merges.filter((_, i) => i % step === 0).slice(0, size);
console.log(`\nsample of ${sample.length} merges (kept = first title; read them by hand):`);
sample.forEach((merge, i) => {
  const types = db
    .prepare('SELECT type FROM observations WHERE id = ?')
    .pluck()
    .get(merge.into) as string;
  console.log(
    `${i + 1}. [${types}] #${merge.into} <- ${merge.from.map((id) => `#${id}`).join(', ')}`,
  );
  for (const title of merge.titles) console.log(`     ${title}`);
});
corpus.done();
