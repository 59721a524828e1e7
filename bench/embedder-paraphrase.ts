// How much vectors add, per embedder, on the paraphrase set (issue 32): hit@5 of full text,
// vectors and hybrid (the searcher's default weight) over the same questions, with the search
// keys a compressor writes. Embedders: the hash embedder (word overlap only), synthetic models
// that know a word's concept with probability q (bench/embedder-weight.ts's kind, over this
// set's concepts: paraphraseConcepts), served by the fake embeddings server through the real
// client, and with --local the offline USE-lite model (slow on a shared machine).
// Usage: node --import tsx bench/embedder-paraphrase.ts [--questions 200] [--local] [--json]
import type { SearchMode } from '../src/domain/index.ts';
import { createHashEmbedder, createOpenAiEmbedder, type Embedder } from '../src/search/index.ts';
import { startFakeEmbeddings } from '../test/helpers/fake-embeddings.ts';
import { seedObservation } from '../test/helpers/seed-memory.ts';
import { conceptModel } from './lib/concept-model.ts';
import { paraphraseConcepts, paraphraseSet } from './lib/paraphrase-set.ts';
import { createRecallStack, embedderOf, flags } from './lib/recall-stack.ts';
import { fixed, printTable } from './lib/stats.ts';

const args = flags();
const DIMENSIONS = 256;
const { memories, questions: all } = paraphraseSet();
const wanted = Number(args.get('questions') ?? 200);
const step = Math.max(1, Math.floor(all.length / wanted));
const questions = all.filter((_, i) => i % step === 0).slice(0, wanted);
const MODES: SearchMode[] = ['fts', 'vector', 'hybrid'];

/** hit@5 per mode over the questions, with the set stored and embedded by `embedder`. */
async function measure(embedder: Embedder): Promise<Record<SearchMode, number>> {
  const stack = createRecallStack('hash', { embedder });
  const ids = stack.db.transaction(() =>
    memories.map((m) => {
      const id = seedObservation(stack.db, { ...m, project: 'paraphrase', type: 'bugfix' });
      stack.db
        .prepare('UPDATE observations SET search_keys = ? WHERE id = ?')
        .run(m.searchKeys, id);
      return id;
    }),
  )();
  await stack.embedAll();
  const rates = {} as Record<SearchMode, number>;
  for (const mode of MODES) {
    let hits = 0;
    for (const q of questions) {
      const request = { query: q.text, filters: {}, limit: 5, offset: 0, mode };
      const result = await stack.searcher.search(request);
      if (result.hits.some((hit) => hit.id === ids[q.target])) hits += 1;
    }
    rates[mode] = hits / questions.length;
  }
  stack.close();
  return rates;
}

const rows: Array<[string, Record<SearchMode, number>]> = [];
rows.push(['hash (word overlap)', await measure(createHashEmbedder(DIMENSIONS))]);
for (const q of [0.5, 0.7, 0.9]) {
  const fake = await startFakeEmbeddings({
    model: conceptModel(paraphraseConcepts(), q, { dimensions: DIMENSIONS, unknown: 'own' }),
  });
  const embedder = createOpenAiEmbedder({ baseUrl: fake.url, model: `concept-${q}` });
  rows.push([`synthetic, knows ${q * 100}% of concepts`, await measure(embedder)]);
  await fake.close();
}
if (args.has('local'))
  rows.push(['USE-lite (local, offline)', await measure(embedderOf('local')!)]);

if (args.has('json')) console.log(JSON.stringify({ questions: questions.length, rows }));
const pct = (value: number) => `${fixed(value * 100)}%`;
console.log(
  `paraphrase set: ${memories.length} memories with search keys, ${questions.length} questions; hit@5`,
);
printTable(
  ['embedder', 'fts', 'vector', 'hybrid', 'hybrid - fts (points)'],
  rows.map(([name, r]) => [
    name,
    pct(r.fts),
    pct(r.vector),
    pct(r.hybrid),
    fixed((r.hybrid - r.fts) * 100),
  ]),
);
