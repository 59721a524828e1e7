import { EmbedderError, normalize, type Embedder } from './embedder.ts';

/** Where and how to reach an OpenAI-compatible `/embeddings` endpoint (OpenAI, Ollama, vLLM). */
export interface OpenAiEmbedderOptions {
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const MAX_CHARS = 8000;

interface EmbeddingsBody {
  data?: Array<{ embedding?: unknown; index?: unknown }>;
}

async function post(options: OpenAiEmbedderOptions, texts: readonly string[]): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  try {
    return await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/+$/, '')}/embeddings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: options.model,
        input: texts.map((t) => t.slice(0, MAX_CHARS)),
      }),
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
 * Embeddings from an OpenAI-compatible HTTP endpoint (`POST {baseUrl}/embeddings`). Network
 * errors, 429 and 5xx are PROVIDER_UNAVAILABLE (retried later); other answers that hold no
 * vectors are PROVIDER_BAD_OUTPUT.
 */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  return {
    id: `openai:${options.model}`,
    async embed(texts) {
      if (texts.length === 0) return [];
      const res = await post(options, texts);
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
