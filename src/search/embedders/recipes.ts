/**
 * What claude-mem knows about the embedding models its README recipes name: the API shape, the
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
 * Hybrid weights. The offline USE-lite model ranks far below full text (bench/recall: vector
 * alone 0.33 recall@10 against fts 0.59), so it only breaks ties at 0.1 (measured, search.ts).
 * bench/embedder-weight.ts measures the weight a stronger embedder earns on paraphrased
 * searches: with a synthetic model whose neighbours are right 9 times in 10 the best weight is
 * 0.75-1, with one right 7 times in 10 about 0.5, at 5 in 10 about 0.25 (bench/REPORT.md).
 * The recipes are placed on that scale by their published retrieval scores (MTEB retrieval:
 * nomic-embed-text ~52, mxbai-embed-large ~54, text-embedding-3-small ~52, voyage-code-3 above
 * all on code retrieval); a model we know nothing of gets the cautious middle.
 */
export const LOCAL_WEIGHT = 0.1;
export const DEFAULT_WEIGHT = 0.3;

export const RECIPES: Readonly<Record<string, EmbedderRecipe>> = {
  'nomic-embed-text': {
    api: 'openai',
    queryPrefix: 'search_query: ',
    documentPrefix: 'search_document: ',
    dimensions: 768,
    vectorWeight: 0.5,
  },
  'mxbai-embed-large': {
    api: 'openai',
    queryPrefix: 'Represent this sentence for searching relevant passages: ',
    dimensions: 1024,
    vectorWeight: 0.5,
  },
  'text-embedding-3-small': { api: 'openai', dimensions: 1536, vectorWeight: 0.5 },
  'text-embedding-3-large': { api: 'openai', dimensions: 3072, vectorWeight: 0.6 },
  'voyage-code-3': { api: 'voyage', dimensions: 1024, vectorWeight: 0.75 },
  'voyage-3.5': { api: 'voyage', dimensions: 1024, vectorWeight: 0.6 },
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
