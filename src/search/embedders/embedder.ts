/**
 * Turns texts into vectors. Vectors of one `id` are comparable with each other only; a change of
 * id (another model) re-embeds everything.
 */
export interface Embedder {
  /** Stable name of the model and its output size, e.g. `energetic-ai/use-lite-512`. */
  readonly id: string;
  /** One vector per text, in order. Rejects with EmbedderError when the model is unavailable. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Why an embedder could not answer: a code for logic, a message for people. */
export class EmbedderError extends Error {
  constructor(
    readonly code: 'PROVIDER_UNAVAILABLE' | 'PROVIDER_BAD_OUTPUT',
    message: string,
  ) {
    super(message);
    this.name = 'EmbedderError';
  }
}

/** `vector` scaled to length 1 (cosine distance then equals 1 - dot product). */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i += 1) vector[i]! /= norm;
  return vector;
}
