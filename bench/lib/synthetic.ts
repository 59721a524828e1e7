import type { Db } from '../../src/store/index.ts';
import { seedObservation } from '../../test/helpers/seed-memory.ts';

const TYPES = ['bugfix', 'feature', 'refactor', 'change', 'discovery', 'decision'];
const SYLLABLES = 'ka lo mi ne ru sa te vi zo ba de fi go hu ja ke li mo nu pa qui ro su ta'.split(
  ' ',
);
const COMMON = (
  'the worker spool hook database migration parser token context search vector session prompt ' +
  'summary daemon port lock queue retry schema trigger reader writer file test error config'
).split(' ');

/** mulberry32: seeded, so every run builds the same corpus. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let z = Math.imul(state ^ (state >>> 15), 1 | state);
    z = (z + Math.imul(z ^ (z >>> 7), 61 | z)) ^ z;
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A vocabulary of `size` words (a few common English/code words, then made-up ones) and a
 * Zipf-like sampler over it: word i is drawn with weight 1 / (i + 1), like real text.
 */
export function vocabulary(
  size: number,
  next: () => number,
): { words: string[]; draw: () => string } {
  const words = [...COMMON];
  for (let i = 0; words.length < size; i += 1) {
    const parts = 2 + (i % 3);
    words.push(
      Array.from(
        { length: parts },
        (_, k) => SYLLABLES[(i * 7 + k * 13 + Math.floor(i / 24)) % SYLLABLES.length],
      ).join('') + String(i % 10),
    );
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < words.length; i += 1) cumulative.push((total += 1 / (i + 1)));
  const draw = (): string => {
    const target = next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
  return { words, draw };
}

/** `count` observations of project `bench`, one a minute up to `end`, with Zipf-distributed words. */
export function seedSynthetic(
  db: Db,
  count: number,
  end: number,
  seed = 1,
): { draw: () => string } {
  const next = random(seed);
  const { draw } = vocabulary(20_000, next);
  const phrase = (n: number): string => Array.from({ length: n }, draw).join(' ');
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      seedObservation(db, {
        project: 'bench',
        type: TYPES[i % TYPES.length],
        title: phrase(6 + (i % 5)),
        subtitle: phrase(8),
        narrative: phrase(40 + (i % 40)),
        facts: [phrase(8), phrase(8)],
        concepts: [draw(), draw()],
        filesRead: [`src/${draw()}/${draw()}.ts`],
        pinned: i % 997 === 0,
        createdAt: end - (count - i) * 60_000,
      });
    }
  })();
  return { draw };
}
