// Recall quality of search, on two data sets:
// 1. LoCoMo (../shared/eval-data/locomo, CC BY-NC 4.0): every dialog turn stored as a memory (one
//    project per conversation), every category 1-4 question with evidence asked; recall_all@5
//    and @10 = the share of questions whose evidence turns are ALL in the top 5 / 10,
//    recall_any@5 and @10 = the share with at least one of them there.
// 2. Known items over the replayed real transcripts (../shared/eval-data): each tool event
//    captured as the hook would, stored as a deterministic stand-in observation (title = tool +
//    input, narrative = the first 2,000 characters of the output; NOT the compressor's
//    observation); for sampled events a distinctive output line is the query; top-5 rate.
// Usage: node --import tsx bench/recall.ts [--conversations N | --only conv-30,conv-26]
//          [--sessions N] [--embedder local|hash|off] [--known-items 100] [--transcripts N]
//          [--min-similarity 0.45] [--json] [--locomo FILE] [--corpus DIR,DIR]
// Without ../shared/eval-data each part says so on stderr: LoCoMo is left out (unless --locomo
// names a file), the known items use the transcripts shipped in fixtures/transcripts.
// CI runs a slice (test/e2e/recall-bench.test.ts): --only conv-30 --sessions 6 --known-items 30
// --transcripts 1.
import type { SearchMode } from '../src/domain/index.ts';
import { loadKnownItems, scoreKnownItems, HEAD_CHARS } from './lib/known-item.ts';
import { SETTINGS_SCHEMA } from '../src/config/index.ts';
import { benchCorpusDirs } from './lib/corpus.ts';
import {
  LOCOMO_FILE,
  loadLocomo,
  locomoPresent,
  scoreLocomo,
  type RecallScores,
} from './lib/locomo.ts';
import { createRecallStack, flags, type EmbedderChoice } from './lib/recall-stack.ts';
import { fixed, printTable } from './lib/stats.ts';

const args = flags();
// What users get by default; --min-similarity 0 measures without the floor.
const minSimilarity = Number(
  args.get('min-similarity') ?? SETTINGS_SCHEMA['search.minSimilarity'].default,
);
const embedder = (args.get('embedder') ?? 'local') as EmbedderChoice;
const only = (args.get('only') ?? '').split(',').filter(Boolean);
const conversations = args.has('conversations') ? Number(args.get('conversations')) : undefined;
const sessions = args.has('sessions') ? Number(args.get('sessions')) : undefined;
const knownCount = Number(args.get('known-items') ?? 100);
const transcripts = args.has('transcripts') ? Number(args.get('transcripts')) : Infinity;
const modes: SearchMode[] = embedder === 'off' ? ['fts'] : ['fts', 'vector', 'hybrid'];
const locomoFile = args.get('locomo') ?? LOCOMO_FILE;
const corpusDirs = (args.get('corpus') ?? '').split(',').filter(Boolean);
const pct = (value: number): string => (Number.isNaN(value) ? '-' : `${fixed(value * 100)}%`);

async function locomo() {
  const stack = createRecallStack(embedder, { minSimilarity });
  const started = performance.now();
  const loaded = loadLocomo(
    stack.db,
    { only, first: conversations, maxSessions: sessions },
    locomoFile,
  );
  await stack.embedAll();
  const embedMs = performance.now() - started;
  const scores: Record<string, RecallScores> = {};
  const byCategory: Record<string, Record<number, RecallScores>> = {};
  for (const mode of modes) {
    const scored = await scoreLocomo(stack, loaded.questions, mode);
    scores[mode] = scored.all;
    byCategory[mode] = scored.byCategory;
  }
  stack.close();
  return {
    memories: loaded.memories,
    questions: loaded.questions.length,
    skipped: loaded.skipped,
    embedMs,
    scores,
    byCategory,
  };
}

async function knownItems() {
  const stack = createRecallStack(embedder, { minSimilarity });
  const { items, events } = loadKnownItems(
    stack.db,
    knownCount,
    transcripts,
    benchCorpusDirs(corpusDirs),
  );
  await stack.embedAll();
  const top5: Record<string, number> = {};
  for (const mode of modes) top5[mode] = await scoreKnownItems(stack, items, mode);
  stack.close();
  return {
    events,
    queries: items.length,
    inHead: items.filter((item) => item.inHead).length,
    top5,
  };
}

function reportLocomo(l: Awaited<ReturnType<typeof locomo>>): void {
  console.log(
    `LoCoMo: ${l.memories} dialog turns stored, ${l.questions} questions (categories 1-4 with evidence; ${l.skipped} skipped: evidence not stored, i.e. a typo in the data set or a session left out); embedding took ${fixed(l.embedMs / 1000)} s`,
  );
  printTable(
    [
      'mode',
      'recall_all@5',
      'recall_all@10',
      'recall_any@5',
      'recall_any@10',
      'evidence found @10',
      ...[1, 2, 3, 4].map((c) => `cat ${c} @10`),
    ],
    modes.map((mode) => [
      mode,
      pct(l.scores[mode]!.at5),
      pct(l.scores[mode]!.at10),
      pct(l.scores[mode]!.any5),
      pct(l.scores[mode]!.any10),
      pct(l.scores[mode]!.partial10),
      ...[1, 2, 3, 4].map(
        (c) => `${pct(l.byCategory[mode]![c]!.at10)} (n=${l.byCategory[mode]![c]!.n})`,
      ),
    ]),
  );
}

function report(
  l: Awaited<ReturnType<typeof locomo>> | undefined,
  k: Awaited<ReturnType<typeof knownItems>> | undefined,
): void {
  console.log(`recall bench: embedder ${embedder}, node ${process.version}\n`);
  if (l) reportLocomo(l);
  if (!k) return;
  console.log(
    `\nKnown items: ${k.events} tool events stored as stand-in observations, ${k.queries} sampled queries (a distinctive output line each; ${k.inHead} lie within the ${HEAD_CHARS} characters stored)`,
  );
  printTable(
    ['mode', 'in top 5'],
    modes.map((mode) => [mode, pct(k.top5[mode]!)]),
  );
}

const locomoResult = locomoPresent(locomoFile) ? await locomo() : undefined;
const knownResult = knownCount > 0 ? await knownItems() : undefined;
if (args.has('json'))
  console.log(JSON.stringify({ embedder, locomo: locomoResult, knownItems: knownResult }));
else report(locomoResult, knownResult);
