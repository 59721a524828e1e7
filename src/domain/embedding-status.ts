/** Where the embedder is: off, not loaded yet, loading, backfilling, caught up, failing. */
export type EmbeddingState = 'off' | 'idle' | 'loading' | 'embedding' | 'ready' | 'error';

/** Each state in words, as `claude-mem status` and the viewer's Recall panel say it. */
export const EMBEDDING_STATE_WORDS = {
  off: 'off',
  idle: 'not loaded yet',
  loading: 'loading',
  embedding: 'embedding',
  ready: 'ready',
  error: 'failing, retrying',
} satisfies Record<EmbeddingState, string>;

/** The progress indicator of /api/recall/status (src/search/embedding-runtime.ts). */
export interface EmbeddingStatus {
  state: EmbeddingState;
  /** The configured embedder's id, and the size of its vectors once known. */
  model: string | null;
  dimensions?: number | null;
  /** Observations with a current vector of `model`, of all observations. */
  embedded: number;
  total: number;
  /**
   * Present while `model` is not yet the complete space search ranks with: after a switch of
   * embedder (`from` the model replaced) or on the first fill (`from` null). Search uses full
   * text meanwhile; the state is in the database, so a restarted worker carries on.
   */
  switch?: { from: string | null };
  /** Whether search ranks with vectors now (false: full text only). */
  vectorsInSearch?: boolean;
  /** Weight of the vector ranking in hybrid fusion (full text counts 1). */
  vectorWeight?: number;
  error?: string;
}
