// Which hybrid weight a stronger embedder earns. A synthetic project of coding-like memories
// written with a vocabulary of synonym clusters (each concept has three unrelated words), and
// searches that name a memory's concepts mostly with other words than the memory's (a
// paraphrase). Embedders of known strength: the hash embedder (word overlap only: what a weak
// model sees) and synthetic models that know a word's concept with probability q (0.5, 0.7,
// 0.9), served by the fake embeddings server over HTTP through the real client, stored in the
// real vector index and fused by the real searcher at each weight. Reports hit@5 and hit@10 of
// the meant memory per mode and weight.
//   node --import tsx bench/embedder-weight.ts [--memories 3000] [--queries 300] [--same 0.33]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createEmbeddingRuntime,
  createHashEmbedder,
  createOpenAiEmbedder,
  createSearcher,
  createVectorIndex,
  loadSqliteVec,
  type Embedder,
} from '../src/search/index.ts';
import { observationsMark, openDatabase, type Db } from '../src/store/index.ts';
import { startFakeEmbeddings } from '../test/helpers/fake-embeddings.ts';
import { silentLogger } from '../test/helpers/logger.ts';
import { seedObservation } from '../test/helpers/seed-memory.ts';
import { conceptModel, rng } from './lib/concept-model.ts';
import { flags } from './lib/recall-stack.ts';

const args = flags();
const MEMORIES = Number(args.get('memories') ?? 3000);
const QUERIES = Number(args.get('queries') ?? 300);
/** How often a search names a concept with the memory's own word (else with a synonym). */
const SAME = Number(args.get('same') ?? 1 / 3);
const CONCEPTS = 600;
const FORMS = 3;
const DIMENSIONS = 256;
const WEIGHTS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2];

const SYLLABLES = 'ka lo mi ru te po sa ni vo de zu fe gi ha jo bu ce ly mo na pi qu re so'.split(
  ' ',
);

/** The words: concept c, form f -> a pseudo-word of three syllables, all distinct. */
function vocabulary(): { words: string[][]; conceptOf: Map<string, number> } {
  const random = rng(7);
  const taken = new Set<string>();
  const pick = () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]!;
  const words = Array.from({ length: CONCEPTS }, () =>
    Array.from({ length: FORMS }, () => {
      let word = '';
      do word = pick() + pick() + pick();
      while (taken.has(word));
      taken.add(word);
      return word;
    }),
  );
  const conceptOf = new Map<string, number>();
  words.forEach((forms, c) => forms.forEach((word) => conceptOf.set(word, c)));
  return { words, conceptOf };
}

const { words, conceptOf } = vocabulary();

interface Memory {
  concepts: number[];
  text: string[];
}

function corpus(): { memories: Memory[]; queries: Array<{ target: number; text: string }> } {
  const random = rng(11);
  const int = (n: number) => Math.floor(random() * n);
  const memories: Memory[] = Array.from({ length: MEMORIES }, () => {
    const concepts = new Set<number>();
    while (concepts.size < 10) concepts.add(int(CONCEPTS));
    const list = [...concepts];
    return { concepts: list, text: list.map((c) => words[c]![int(FORMS)]!) };
  });
  const queries = Array.from({ length: QUERIES }, () => {
    const target = int(MEMORIES);
    const memory = memories[target]!;
    const named = [...memory.concepts].sort(() => random() - 0.5).slice(0, 3);
    // Each concept in another word than the memory's two times in three; one stray word.
    const wordFor = (c: number) => {
      const own = memory.text[memory.concepts.indexOf(c)]!;
      const others = words[c]!.filter((word) => word !== own);
      return random() < SAME ? own : others[int(others.length)]!;
    };
    const text = [...named.map(wordFor), words[int(CONCEPTS)]![int(FORMS)]!];
    return { target, text: text.join(' ') };
  });
  return { memories, queries };
}

function seed(db: Db, memories: Memory[]): number[] {
  return memories.map((memory) =>
    seedObservation(db, {
      title: memory.text.slice(0, 4).join(' '),
      narrative: memory.text.slice(4).join(' '),
    }),
  );
}

interface Row {
  embedder: string;
  fts: [number, number];
  vector: [number, number];
  hybrid: Map<number, [number, number]>;
}

async function measure(name: string, embedder: Embedder): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), 'claude-mem-bench-'));
  const db = openDatabase(join(dir, 'claude-mem.db'));
  loadSqliteVec(db);
  const { memories, queries } = corpus();
  const ids = seed(db, memories);
  const index = createVectorIndex(db);
  const runtime = createEmbeddingRuntime({
    index,
    embedder,
    changeMark: () => observationsMark(db),
    log: silentLogger,
    batchSize: 64,
  });
  await runtime.drain();
  const rate = async (mode: 'fts' | 'vector' | 'hybrid', vectorWeight?: number) => {
    const searcher = createSearcher({
      db,
      mode,
      vectors: index,
      runtime,
      minSimilarity: 0,
      vectorWeight,
    });
    let at5 = 0;
    let at10 = 0;
    for (const query of queries) {
      const { hits } = await searcher.search({
        query: query.text,
        filters: {},
        limit: 10,
        offset: 0,
      });
      const rank = hits.findIndex((hit) => hit.id === ids[query.target]);
      if (rank >= 0 && rank < 5) at5 += 1;
      if (rank >= 0) at10 += 1;
    }
    return [at5 / queries.length, at10 / queries.length] as [number, number];
  };
  const row: Row = {
    embedder: name,
    fts: await rate('fts'),
    vector: await rate('vector'),
    hybrid: new Map(),
  };
  for (const weight of WEIGHTS) row.hybrid.set(weight, await rate('hybrid', weight));
  await runtime.stop();
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return row;
}

const pct = ([a, b]: [number, number]) => `${(a * 100).toFixed(1)} / ${(b * 100).toFixed(1)}`;

const rows: Row[] = [await measure('hash (word overlap)', createHashEmbedder(DIMENSIONS))];
for (const q of [0.5, 0.7, 0.9]) {
  const fake = await startFakeEmbeddings({
    model: conceptModel(conceptOf, q, { dimensions: DIMENSIONS, unknown: 'skip' }),
  });
  const embedder = createOpenAiEmbedder({ baseUrl: fake.url, model: `concept-${q}` });
  rows.push(await measure(`synthetic, knows ${q * 100}% of synonyms`, embedder));
  await fake.close();
}

console.log(
  `${MEMORIES} memories, ${QUERIES} paraphrased searches (${Math.round(SAME * 100)}% of their words the memory's own); hit@5 / hit@10 (%)\n`,
);
console.log(
  `| embedder | fts | vector | ${WEIGHTS.map((w) => `hybrid ${w}`).join(' | ')} | best weight |`,
);
console.log(`| --- | --- | --- | ${WEIGHTS.map(() => '---').join(' | ')} | --- |`);
for (const row of rows) {
  const best = [...row.hybrid].reduce((a, b) => (b[1][0] + b[1][1] > a[1][0] + a[1][1] ? b : a));
  console.log(
    `| ${row.embedder} | ${pct(row.fts)} | ${pct(row.vector)} | ${WEIGHTS.map((w) => pct(row.hybrid.get(w)!)).join(' | ')} | ${best[0]} |`,
  );
}
