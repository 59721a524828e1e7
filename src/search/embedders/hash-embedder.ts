import { fnv1a32 } from '../../config/index.ts';
import { normalize, type Embedder } from './embedder.ts';

/** A crude English stem, so `migration` and `migrations` share a feature. */
const stem = (word: string): string => word.replace(/(?:ing|ed|es|s)$/u, '') || word;

function addFeature(vector: Float32Array, feature: string, weight: number): void {
  const hash = fnv1a32(feature);
  const sign = hash & 0x80000000 ? -1 : 1;
  vector[hash % vector.length]! += sign * weight;
}

/** Words as features, plus character trigrams of each word (typos and partial overlaps). */
function features(vector: Float32Array, text: string): void {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    const base = stem(word);
    addFeature(vector, `w:${base}`, 1);
    const padded = `^${base}$`;
    for (let i = 0; i + 3 <= padded.length; i += 1)
      addFeature(vector, `t:${padded.slice(i, i + 3)}`, 0.3);
  }
}

/**
 * Spreads a sparse vector over every dimension without changing any cosine: random signs, then
 * a Walsh-Hadamard transform (orthogonal up to scale). The KNN index keeps one bit a dimension
 * (the sign); on a sparse vector most signs say nothing, on the spread one they are SimHash bits.
 */
function spread(vector: Float32Array): Float32Array {
  for (let i = 0; i < vector.length; i += 1) if (fnv1a32(`s${i}`) & 1) vector[i] = -vector[i]!;
  for (let width = 1; width < vector.length; width *= 2) {
    for (let start = 0; start < vector.length; start += width * 2) {
      for (let i = start; i < start + width; i += 1) {
        const [a, b] = [vector[i]!, vector[i + width]!];
        vector[i] = a + b;
        vector[i + width] = a - b;
      }
    }
  }
  return vector;
}

/**
 * A deterministic embedder with no model: feature hashing of words and character trigrams into
 * `dimensions` buckets (a power of two), spread and L2-normalized. It captures word overlap, not
 * meaning. It is the in-memory twin of the real embedders for tests, and the
 * `search.embedder = hash` choice for machines where the local model cannot run.
 */
export function createHashEmbedder(dimensions = 256): Embedder {
  if (dimensions < 8 || (dimensions & (dimensions - 1)) !== 0) {
    throw new Error('hash embedder dimensions must be a power of two, at least 8');
  }
  return {
    id: `hash-v2-${dimensions}`,
    embed(texts) {
      return Promise.resolve(
        texts.map((text) => {
          const vector = new Float32Array(dimensions);
          features(vector, text);
          return normalize(spread(vector));
        }),
      );
    },
  };
}
