import type { EmbeddingStatus, Searcher, VectorStoreStatus } from '../../search/index.ts';
import type { AnchorRecall } from './anchor-recall.ts';
import type { RecallMoments } from './recall-moments.ts';

/** The embedder's progress, and the Chroma store's when vectors live there. */
export type RecallStatus = EmbeddingStatus & { store?: VectorStoreStatus };

/** What the recall routes use: the searcher and the embedder's progress. */
export interface Recall {
  searcher: Searcher;
  status(): RecallStatus;
  /** Tells the embedder that observations changed; `deleted` ids also leave the KNN index. */
  changed(deleted?: readonly number[]): void;
  /** Anchor checks: fresh, changed, gone or unknown per observation. */
  anchors: AnchorRecall;
  /** What the last recall moments injected and why (the recall log). */
  moments: RecallMoments;
}
