import type { Settings } from '../../config/index.ts';
import type { Embedder } from './embedder.ts';
import { createHashEmbedder } from './hash-embedder.ts';
import { createLocalEmbedder } from './local-embedder.ts';
import { createOpenAiEmbedder } from './openai-embedder.ts';

/**
 * The embedder `search.embedder` names, or undefined when it is `off`. Nothing loads here: the
 * local model loads on its first use.
 */
export function embedderFromSettings(
  settings: Settings,
  env: NodeJS.ProcessEnv = process.env,
  fetchImpl: typeof fetch = fetch,
): Embedder | undefined {
  const choice = settings['search.embedder'];
  switch (choice) {
    case 'local':
      return createLocalEmbedder();
    case 'openai':
    case 'voyage':
      return createOpenAiEmbedder({
        baseUrl: settings['search.embeddingsUrl'],
        model: settings['search.embeddingsModel'],
        apiKey: env[settings['search.embeddingsKeyEnv']],
        api: choice,
        dimensions: settings['search.embeddingsDimensions'],
        fetch: fetchImpl,
      });
    case 'hash':
      return createHashEmbedder();
    case 'off':
      return undefined;
    default:
      choice satisfies never;
      return undefined;
  }
}
