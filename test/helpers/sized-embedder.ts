import { normalize, type Embedder } from '../../src/search/embedders/embedder.ts';
import { createHashEmbedder } from '../../src/search/embedders/hash-embedder.ts';

const hash = createHashEmbedder(1024);

/**
 * Word-overlap vectors of any size (the hash embedder's, folded into `dimensions` buckets) under
 * the name `id`: a stand-in for models of sizes such as 12, 100 or 768, which need not be
 * powers of two or multiples of 8.
 */
export function sizedVectors(
  texts: readonly string[],
  dimensions: number,
): Promise<Float32Array[]> {
  return hash.embed(texts).then((vectors) =>
    vectors.map((wide) => {
      const folded = new Float32Array(dimensions);
      wide.forEach((value, i) => (folded[i % dimensions]! += value));
      return normalize(folded);
    }),
  );
}

/** An embedder named `id` giving sizedVectors of `dimensions`, counting its calls. */
export function sizedEmbedder(id: string, dimensions: number): Embedder & { calls: number } {
  const embedder = {
    id,
    calls: 0,
    embed(texts: readonly string[]) {
      embedder.calls += 1;
      return sizedVectors(texts, dimensions);
    },
  };
  return embedder;
}
