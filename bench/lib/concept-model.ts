// Synthetic embedders of known strength (bench/embedder-weight.ts, bench/embedder-paraphrase.ts):
// a model that knows a word's concept with probability q, fixed per word. A word it knows is
// embedded as its concept's vector, any other as a vector of its own; a text is the normalized
// sum of its words' vectors. Served by the fake embeddings server, it runs through the real
// client, vector index and searcher.
import { normalize } from '../../src/search/embedders/embedder.ts';

/** mulberry32: a small seeded generator, so every run builds the same vectors. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The model's embed function: `conceptOf` maps a word to its concept; words outside it are
 * left out (`unknown: 'skip'`, a vocabulary of concepts only) or embedded as themselves.
 */
export function conceptModel(
  conceptOf: ReadonlyMap<string, number>,
  q: number,
  options: { dimensions: number; unknown: 'skip' | 'own' },
): (texts: string[]) => Promise<Float32Array[]> {
  const gauss = (random: () => number) =>
    Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
  const vectorOf = (seed: number) => {
    const random = rng(seed);
    return Float32Array.from({ length: options.dimensions }, () => gauss(random));
  };
  const cache = new Map<string, Float32Array>();
  const wordVector = (word: string): Float32Array => {
    const hit = cache.get(word);
    if (hit) return hit;
    const seed = [...word].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619), 2166136261);
    const knows = rng(seed)() < q;
    const c = conceptOf.get(word);
    const vector = knows && c !== undefined ? vectorOf(1000 + c) : vectorOf(seed >>> 0);
    cache.set(word, vector);
    return vector;
  };
  return (texts) =>
    Promise.resolve(
      texts.map((text) => {
        const sum = new Float32Array(options.dimensions);
        for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
          if (options.unknown === 'skip' && !conceptOf.has(word)) continue;
          wordVector(word).forEach((x, i) => (sum[i]! += x));
        }
        return normalize(sum);
      }),
    );
}
