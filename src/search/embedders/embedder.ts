/**
 * Turns texts into vectors. Vectors of one `id` are comparable with each other only; a change of
 * id (another model) re-embeds everything.
 */
export interface Embedder {
  /** Stable name of the model and its output size, e.g. `energetic-ai/use-lite-512`. */
  readonly id: string;
  /**
   * Weight of this embedder's ranking in hybrid fusion (full text counts 1): a strong model
   * earns more than the offline one. Absent: 0.1, the offline model's measured weight.
   */
  readonly vectorWeight?: number;
  /**
   * One vector per text, in order. Rejects with EmbedderError when the model is unavailable.
   * `purpose` lets retrieval models embed a search differently from what it searches (Voyage's
   * `input_type`, nomic's task prefixes); others ignore it. Default: document.
   */
  embed(texts: readonly string[], purpose?: EmbedPurpose): Promise<Float32Array[]>;
}

/** What a text is: a query searching memories, or a memory being stored. */
export type EmbedPurpose = 'query' | 'document';

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
