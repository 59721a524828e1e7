/**
 * What claude-mem knows about the embedding models its recipes (docs/recall.md) name: the API shape, the
 * task prefixes the model was trained with, its native size, and how much its ranking counts in
 * hybrid search. A model not listed works the same way, without prefixes, at DEFAULT_WEIGHT.
 */
export interface EmbedderRecipe {
  /** Request shape: OpenAI's `/embeddings` (OpenAI, Ollama, vLLM...) or Voyage's. */
  api: 'openai' | 'voyage';
  /** Prepended to a search before embedding it (models trained with task prefixes). */
  queryPrefix?: string;
  /** Prepended to a memory before embedding it. */
  documentPrefix?: string;
  /** Output size when none is asked for. */
  dimensions: number;
  /** Weight of the vector ranking in hybrid fusion; full text counts 1 (see below). */
  vectorWeight: number;
}

/**
 * Hybrid weights (full text counts 1). The offline USE-lite model ranks far below full text
 * (bench/recall: vector alone 0.33 recall@10 against fts 0.59), and counts 0.1 (measured there:
 * at 0.25 hybrid fell below fts). bench/embedder-weight.ts measures what a stronger model earns
 * with synthetic models of known strength served over HTTP: the best weight follows how the
 * model alone compares with full text alone. About level: any weight 0.1-1 (flat). Vectors
 * alone 1.5-2x full text: 1-1.5. Over 3x: 2. Published retrieval scores put the recipes'
 * models at about 1.2-1.3x BM25 (MTEB/BEIR retrieval: nomic-embed-text ~53, mxbai-embed-large
 * ~54, text-embedding-3-small ~52, BM25 ~42), and voyage-code-3 further ahead on code, so they
 * get 1 and 1.5; a model we know nothing of gets 0.5. Matches holding every query word stay
 * first whatever the weight (search.ts), so a high weight never buries an exact match.
 */
export const LOCAL_WEIGHT = 0.1;
export const DEFAULT_WEIGHT = 0.5;

export const RECIPES: Readonly<Record<string, EmbedderRecipe>> = {
  'nomic-embed-text': {
    api: 'openai',
    queryPrefix: 'search_query: ',
    documentPrefix: 'search_document: ',
    dimensions: 768,
    vectorWeight: 1,
  },
  'mxbai-embed-large': {
    api: 'openai',
    queryPrefix: 'Represent this sentence for searching relevant passages: ',
    dimensions: 1024,
    vectorWeight: 1,
  },
  'text-embedding-3-small': { api: 'openai', dimensions: 1536, vectorWeight: 1 },
  'text-embedding-3-large': { api: 'openai', dimensions: 3072, vectorWeight: 1.25 },
  'voyage-code-3': { api: 'voyage', dimensions: 1024, vectorWeight: 1.5 },
  'voyage-3.5': { api: 'voyage', dimensions: 1024, vectorWeight: 1.25 },
};

/**
 * The recipe of `model`, ignoring an Ollama tag (`nomic-embed-text:latest`, `:v1.5`), a
 * publisher folder (`nomic-ai/nomic-embed-text`) and case; undefined for other models.
 */
export function recipeOf(model: string): EmbedderRecipe | undefined {
  const name = model
    .toLowerCase()
    .replace(/:[^/]*$/u, '')
    .replace(/^.*\//u, '');
  return RECIPES[name];
}
