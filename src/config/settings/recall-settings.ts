import { SEARCH_MODES } from '../../domain/index.ts';
import { decimal, fraction, integer, oneOf, text, type SettingSpec } from '../setting-kinds.ts';

/** Settings of recall (context at SessionStart, search, embeddings): `context.*`, `search.*`. */
export const RECALL_SETTINGS = {
  'context.maxTokens': integer({
    default: 1500,
    min: 200,
    max: 2000,
    description:
      'Token budget of the SessionStart context (about 4 characters a token); it is also never over 8,000 bytes.',
  }),
  'context.maxObservations': integer({
    default: 60,
    min: 0,
    max: 300,
    description: 'At most this many observation lines in the SessionStart context.',
  }),
  'search.mode': oneOf({
    default: 'hybrid',
    values: SEARCH_MODES,
    description:
      'Ranking: full-text (bm25), vector (embeddings) or hybrid (both, fused). Vector and hybrid use full-text while the embedder is not ready.',
  }),
  'search.embedder': oneOf({
    default: 'local',
    values: ['local', 'openai', 'voyage', 'hash', 'off'],
    description:
      'Embeddings: local (offline model in the worker, 512-d), openai (any OpenAI-compatible endpoint: Ollama, OpenAI, vLLM), voyage (Voyage AI), hash (deterministic, no model), off. A change re-embeds every observation in the background after "claude-mem worker restart"; search uses full text until it is done.',
  }),
  'search.vectorWeight': decimal({
    max: 4,
    default: 0,
    description:
      "Weight of the vector ranking in hybrid search, 0-4 (full text counts 1). 0: the embedder's own (0.1 for the local model, 1-1.5 for the README's recipes, 0.5 for other models).",
  }),
  'search.minSimilarity': fraction({
    // Measured with bench/vector-floor.ts on the local model: paraphrases sharing no word with
    // their memory were at cosine similarity 0.475 or more, nonsense ("zzzqqq") at 0.435 or less.
    // bench/recall.ts on conv-30 (6 sessions): hybrid recall@5/@10 60.6/69.7 with or without it;
    // vector-only mode 39.4/57.6 -> 36.4/45.5 (its weak neighbours are what the floor drops).
    default: 0.45,
    description:
      'Cosine similarity (0-1) a match found only by embeddings must reach to count; matches of the full-text search always count. 0 keeps every nearest neighbour. Tuned for the local model; another embedder may need another value.',
  }),
  'search.exactCap': integer({
    // bench/old-answers.ts: at 250,000 observations (issue 32).
    default: 5000,
    min: 1,
    max: 100_000,
    description:
      'A query term held by at most this many observations is rare: the observations holding a rare term are ranked over the whole memory. A query of common terms only is ranked among its newest matches, and the answer says how far back it looked (search --all-time ranks every match).',
  }),
  'search.embeddingsUrl': text({
    default: 'http://127.0.0.1:11434/v1',
    pattern: /^https?:\/\/\S+$/,
    expected: 'an http(s) URL',
    description:
      'Base URL of the embeddings endpoint (search.embedder = openai or voyage), e.g. http://127.0.0.1:11434/v1 (Ollama), https://api.openai.com/v1, https://api.voyageai.com/v1.',
  }),
  'search.embeddingsModel': text({
    default: 'nomic-embed-text',
    pattern: /^\S+$/,
    expected: 'a model name',
    description: 'Model asked for by the openai or voyage embedder.',
  }),
  'search.embeddingsDimensions': integer({
    default: 0,
    min: 0,
    max: 8192,
    description:
      "Vector size to ask the openai or voyage embedder for (models that can shorten their vectors, like text-embedding-3-* and voyage-code-3); 0: the model's own size.",
  }),
  'search.embeddingsKeyEnv': text({
    default: 'OPENAI_API_KEY',
    pattern: /^[A-Za-z_][A-Za-z0-9_]*$/,
    expected: 'an environment variable name',
    description:
      'Name of the environment variable holding the embeddings API key (the key itself is never stored in settings).',
  }),
  'search.vectorStore': oneOf({
    default: 'sqlite-vec',
    values: ['sqlite-vec', 'chroma'],
    description:
      'Where vectors are searched: sqlite-vec (inside the database file) or chroma (a Chroma server you run, search.chroma.url; needs the chromadb package installed beside claude-mem). The database stays the source of truth either way.',
  }),
  'search.chroma.url': text({
    default: 'http://127.0.0.1:8000',
    pattern: /^https?:\/\/[^\s/]+\/?$/,
    expected: 'an http(s) URL of a Chroma server, like http://127.0.0.1:8000',
    description: 'Chroma server (search.vectorStore = chroma). claude-mem never starts one.',
  }),
  'search.chroma.tenant': text({
    default: 'default_tenant',
    pattern: /^[A-Za-z0-9_.-]+$/,
    expected: 'a tenant name (letters, digits, _ . -)',
    description: 'Chroma tenant.',
  }),
  'search.chroma.database': text({
    default: 'default_database',
    pattern: /^[A-Za-z0-9_.-]+$/,
    expected: 'a database name (letters, digits, _ . -)',
    description: 'Chroma database.',
  }),
  'search.chroma.collection': text({
    default: 'claude-mem',
    pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]{1,61}[A-Za-z0-9]$/,
    expected: 'a Chroma collection name (3-63 letters, digits, _ . -)',
    description:
      'Chroma collection holding the observation vectors (rebuilt from the database at any time).',
  }),
  'search.chroma.tokenEnv': text({
    default: 'CHROMA_TOKEN',
    pattern: /^[A-Za-z_][A-Za-z0-9_]*$/,
    expected: 'an environment variable name',
    description:
      'Name of the environment variable holding the Chroma auth token, sent as x-chroma-token when set (the token itself is never stored in settings).',
  }),
} as const satisfies Record<string, SettingSpec<unknown>>;
