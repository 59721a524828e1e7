import type { ServerResponse } from 'node:http';
import {
  sendJson,
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
} from './fake-llm-http.ts';
import { sizedVectors } from './sized-embedder.ts';

/** The body of one embeddings request, OpenAI's or Voyage's shape. */
export interface EmbeddingsRequest {
  model?: string;
  input?: string[] | string;
  dimensions?: number;
  input_type?: string | null;
  output_dimension?: number;
}

/** Vectors for texts: the fake's model (default: word overlap folded to the size asked). */
export type FakeModel = (texts: string[], dimensions: number) => Promise<Float32Array[]>;

/** A running fake embeddings endpoint (OpenAI-compatible, which Ollama's /v1 and Voyage are). */
export interface FakeEmbeddings extends RecordingServer {
  /** Base URL including `/v1`, as users configure it. */
  url: string;
  /** The bodies of the POST /v1/embeddings requests, in order. */
  bodies(): EmbeddingsRequest[];
  /** Answers 503 to every request while true (the server "goes away"). */
  down: boolean;
  /** Waits this long before each answer (ms). */
  delayMs: number;
}

/** Native sizes of the models the README's recipes name; others get 256. */
export const NATIVE_SIZES: Record<string, number> = {
  'nomic-embed-text': 768,
  'mxbai-embed-large': 1024,
  'text-embedding-3-small': 1536,
  'voyage-code-3': 1024,
};

/** The task prefixes the recipes send, removed before the fake's model sees the text. */
const PREFIXES =
  /^(?:search_query: |search_document: |Represent this sentence for searching relevant passages: )/u;

const fail = (res: ServerResponse, status: number, message: string): void =>
  sendJson(res, status, { error: { message } });

/**
 * A fake embeddings server on 127.0.0.1 speaking OpenAI's `POST /v1/embeddings` (and Voyage's
 * variant: `input_type`, `output_dimension`). With `apiKey` it wants `Authorization: Bearer`
 * with that key (401 otherwise). The size is the model's native one unless asked otherwise.
 */
export async function startFakeEmbeddings(
  options: { apiKey?: string; model?: FakeModel } = {},
): Promise<FakeEmbeddings> {
  const model = options.model ?? ((texts, size) => sizedVectors(texts, size));
  // The handler reads the switches from the returned object (set once it exists).
  let state: { down: boolean; delayMs: number } = { down: false, delayMs: 0 };
  const server = await startRecordingServer(async (req: RecordedRequest, res) => {
    if (state.delayMs > 0) await new Promise((done) => setTimeout(done, state.delayMs));
    if (state.down) return fail(res, 503, 'server overloaded');
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return fail(res, 404, 'not found');
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return fail(res, 401, 'invalid api key');
    }
    const body = req.json as EmbeddingsRequest | undefined;
    const input = typeof body?.input === 'string' ? [body.input] : body?.input;
    if (!body?.model || !Array.isArray(input)) return fail(res, 400, 'model and input required');
    const name = body.model.replace(/:[^/]*$/u, '');
    const size = body.dimensions ?? body.output_dimension ?? NATIVE_SIZES[name] ?? 256;
    const vectors = await model(
      input.map((text) => text.replace(PREFIXES, '')),
      size,
    );
    sendJson(res, 200, {
      object: 'list',
      model: body.model,
      data: vectors.map((vector, index) => ({
        object: 'embedding',
        index,
        embedding: [...vector],
      })),
      usage: { prompt_tokens: input.length, total_tokens: input.length },
    });
  });
  const fake: FakeEmbeddings = Object.assign(server, {
    url: `${server.url}/v1`,
    bodies: () =>
      server.requests
        .filter((req) => req.url === '/v1/embeddings')
        .map((req) => req.json as EmbeddingsRequest),
    down: false,
    delayMs: 0,
  });
  state = fake;
  return fake;
}
