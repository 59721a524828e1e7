import { EmbedderError, normalize, type Embedder, type EmbedPurpose } from './embedder.ts';
import { DEFAULT_WEIGHT, recipeOf } from './recipes.ts';

/**
 * Where and how to reach an embeddings endpoint: OpenAI's `POST {baseUrl}/embeddings` (OpenAI,
 * Ollama's /v1, vLLM, LM Studio) or Voyage's, which is the same but for `input_type` (query or
 * document) and `output_dimension` instead of `dimensions`.
 */
export interface OpenAiEmbedderOptions {
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  /** Request shape; default: the model's recipe's, else openai. */
  api?: 'openai' | 'voyage' | undefined;
  /** Output size to ask for (models that can shorten their vectors); 0 or absent: native. */
  dimensions?: number | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const MAX_CHARS = 8000;

interface EmbeddingsBody {
  data?: Array<{ embedding?: unknown; index?: unknown }>;
}

async function post(url: string, options: OpenAiEmbedderOptions, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  try {
    return await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  } catch (error) {
    throw new EmbedderError(
      'PROVIDER_UNAVAILABLE',
      `embeddings endpoint unreachable: ${String(error)}`,
    );
  }
}

function vectorsOf(body: EmbeddingsBody, count: number): Float32Array[] {
  const items = [...(body.data ?? [])].sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0));
  const vectors = items.map((item) => item.embedding);
  const valid = vectors.length === count && vectors.every((v) => Array.isArray(v) && v.length > 0);
  if (!valid) throw new EmbedderError('PROVIDER_BAD_OUTPUT', 'embeddings endpoint gave no vectors');
  return vectors.map((v) => normalize(Float32Array.from(v as number[])));
}

/**
 * The embedder's id: the API, the model, `+tasks` when the recipe's task prefixes are used and
 * `@N` when a size is asked for. Each part changes the vectors, so each makes another space.
 * (`openai:<model>` is what earlier versions stored: their vectors stay valid.)
 */
function embedderId(options: OpenAiEmbedderOptions, api: string, prefixed: boolean): string {
  const size = options.dimensions ? `@${options.dimensions}` : '';
  return `${api}:${options.model}${prefixed ? '+tasks' : ''}${size}`;
}

/**
 * Embeddings from an OpenAI-compatible (or Voyage) HTTP endpoint. Network errors, 401/403, 429
 * and 5xx are PROVIDER_UNAVAILABLE (retried later); other answers without vectors are
 * PROVIDER_BAD_OUTPUT. A model with a recipe (recipes.ts) gets its task prefixes and weight.
 */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const recipe = recipeOf(options.model);
  const api = options.api ?? recipe?.api ?? 'openai';
  const prefixes = api === 'openai' ? recipe : undefined;
  const prefixed = Boolean(prefixes?.queryPrefix ?? prefixes?.documentPrefix);
  const url = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
  const request = (texts: readonly string[], purpose: EmbedPurpose): unknown => {
    const prefix = (purpose === 'query' ? prefixes?.queryPrefix : prefixes?.documentPrefix) ?? '';
    const input = texts.map((t) => prefix + t.slice(0, MAX_CHARS));
    const size = options.dimensions || undefined;
    return api === 'voyage'
      ? { model: options.model, input, input_type: purpose, output_dimension: size }
      : { model: options.model, input, dimensions: size };
  };
  return {
    id: embedderId(options, api, prefixed),
    vectorWeight: recipe?.vectorWeight ?? DEFAULT_WEIGHT,
    async embed(texts, purpose = 'document') {
      if (texts.length === 0) return [];
      const res = await post(url, options, request(texts, purpose));
      if (res.status === 429 || res.status >= 500 || res.status === 401 || res.status === 403) {
        throw new EmbedderError(
          'PROVIDER_UNAVAILABLE',
          `embeddings endpoint answered ${res.status}`,
        );
      }
      const body = (await res.json().catch(() => ({}))) as EmbeddingsBody;
      if (!res.ok)
        throw new EmbedderError(
          'PROVIDER_BAD_OUTPUT',
          `embeddings endpoint answered ${res.status}`,
        );
      return vectorsOf(body, texts.length);
    },
  };
}
