/** Where the Chroma server is and which collection holds our vectors. */
export interface ChromaConfig {
  url: string;
  tenant: string;
  database: string;
  collection: string;
  /** Sent as `x-chroma-token` when set. */
  token?: string | undefined;
}

/** One observation's vector as Chroma keeps it: id = observation id, project as metadata. */
export interface ChromaRecord {
  id: number;
  project: string;
  vector: Float32Array;
}

/** The nearest observations: id and cosine distance (the same score as sqlite-vec's). */
export interface ChromaHit {
  id: number;
  distance: number;
}

/** The few collection operations claude-mem uses, behind one seam. */
export interface ChromaPort {
  upsert(records: readonly ChromaRecord[]): Promise<void>;
  delete(ids: readonly number[]): Promise<void>;
  query(vector: Float32Array, k: number, project: string | undefined): Promise<ChromaHit[]>;
  count(): Promise<number>;
  /**
   * Makes the collection ours for `model`'s vectors. It is dropped and made again only when it
   * really holds another model's (its metadata says so, or it holds vectors and names no model):
   * never on an answer that cannot be read, which throws instead.
   */
  adopt(model: string): Promise<'kept' | 'reset'>;
}

/** Collection metadata key naming the embedding model whose vectors it holds. */
const MODEL_KEY = 'claude_mem_model';

/** Chroma is configured but its client package is not installed. */
export class ChromaMissingError extends Error {
  constructor() {
    super(
      'search.vectorStore is chroma but the chromadb package is not installed: run `npm install -g chromadb@3` (or install it beside claude-mem), or `claude-mem config set search.vectorStore sqlite-vec`',
    );
    this.name = 'ChromaMissingError';
  }
}

type ChromaModule = typeof import('chromadb');
type Collection = Awaited<ReturnType<InstanceType<ChromaModule['ChromaClient']>['getCollection']>>;

/**
 * The official client, loaded on first use only: it is an optional peer dependency (its package
 * brings Chroma's own server binary, hundreds of MB that sqlite-vec users must not download).
 */
async function loadClient(): Promise<ChromaModule> {
  try {
    return await import('chromadb');
  } catch {
    throw new ChromaMissingError();
  }
}

const COSINE = { hnsw: { space: 'cosine' as const } };

const CONNECTION =
  /ChromaConnectionError|ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|fetch failed/;

/**
 * A client error in our words: the client library reports a server that is down as a long
 * browser-minded sentence, and an answer that is not Chroma's as a TypeError from deep inside it
 * ("Cannot read properties of undefined (reading 'embedding_function')").
 */
export function chromaError(url: string, error: unknown): Error {
  if (error instanceof ChromaMissingError) return error;
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (CONNECTION.test(text)) {
    return new Error(`cannot reach Chroma at ${url}: is the server running?`);
  }
  if (error instanceof TypeError || error instanceof SyntaxError) {
    return new Error(
      `the server at ${url} answered something that is not Chroma's API (another program on that port, or a Chroma version claude-mem does not speak)`,
    );
  }
  return new Error(
    `Chroma at ${url} refused the request: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/** Runs `fn`, turning the client's errors into ours. */
async function worded<T>(url: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw chromaError(url, error);
  }
}

/** A ChromaPort over the official `chromadb` client. Connects lazily, on the first call. */
export function createChromaPort(config: ChromaConfig): ChromaPort {
  let collection: Promise<Collection> | undefined;
  const client = async () => {
    const { ChromaClient } = await loadClient();
    const url = new URL(config.url);
    return new ChromaClient({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      ssl: url.protocol === 'https:',
      tenant: config.tenant,
      database: config.database,
      ...(config.token ? { headers: { 'x-chroma-token': config.token } } : {}),
    });
  };
  const open = (): Promise<Collection> => {
    collection ??= client()
      .then((c) =>
        c.getOrCreateCollection({
          name: config.collection,
          configuration: COSINE,
          embeddingFunction: null,
        }),
      )
      .catch((error: unknown) => {
        collection = undefined; // Retry the connection next time.
        throw error;
      });
    return collection;
  };
  const port: ChromaPort = {
    async upsert(records) {
      if (records.length === 0) return;
      await (
        await open()
      ).upsert({
        ids: records.map((r) => String(r.id)),
        embeddings: records.map((r) => Array.from(r.vector)),
        metadatas: records.map((r) => ({ project: r.project })),
      });
    },
    async delete(ids) {
      if (ids.length === 0) return;
      await (await open()).delete({ ids: ids.map(String) });
    },
    async query(vector, k, project) {
      const result = await (
        await open()
      ).query({
        queryEmbeddings: [Array.from(vector)],
        nResults: k,
        ...(project === undefined ? {} : { where: { project } }),
        include: ['distances'],
      });
      const ids = result.ids[0] ?? [];
      const distances = result.distances[0] ?? [];
      return ids.map((id, i) => ({ id: Number(id), distance: distances[i] ?? 1 }));
    },
    async count() {
      const n = await (await open()).count();
      if (typeof n !== 'number') throw new TypeError(`count answered ${typeof n}`);
      return n;
    },
    async adopt(model) {
      const held = (await open()).metadata?.[MODEL_KEY];
      if (held === model) return 'kept';
      const empty = held === undefined && (await port.count()) === 0;
      if (!empty) {
        const c = await client();
        await c.deleteCollection({ name: config.collection });
        collection = undefined;
      }
      await (await open()).modify({ metadata: { [MODEL_KEY]: model } });
      return empty ? 'kept' : 'reset';
    },
  };
  const { url } = config;
  return {
    upsert: (records) => worded(url, () => port.upsert(records)),
    delete: (ids) => worded(url, () => port.delete(ids)),
    query: (vector, k, project) => worded(url, () => port.query(vector, k, project)),
    count: () => worded(url, () => port.count()),
    adopt: (model) => worded(url, () => port.adopt(model)),
  };
}
