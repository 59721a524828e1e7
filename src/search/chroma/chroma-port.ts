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
  /** Drops the collection and creates it again, empty (a new embedder: a new dimension). */
  reset(): Promise<void>;
}

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
  return {
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
    count: async () => (await open()).count(),
    async reset() {
      const c = await client();
      await c.deleteCollection({ name: config.collection }).catch(() => undefined);
      collection = undefined;
      await open();
    },
  };
}
