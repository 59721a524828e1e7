import { workerRequest } from '../../client/index.ts';
import type { EmbeddingState, EmbeddingStatus } from '../../search/index.ts';

/** GET /api/recall/status: the embedder's progress and the configured search mode. */
export type RecallStatus = EmbeddingStatus & { mode: string };

/**
 * The worker's recall status, or undefined when it does not answer with one: `status` is about
 * compression first, and a worker from before recall (an upgrade in progress) has no such route.
 */
export async function fetchRecallStatus(
  port: number,
  token?: string,
): Promise<RecallStatus | undefined> {
  try {
    const res = await workerRequest(port, '/api/recall/status', { timeoutMs: 5_000, token });
    return res.status === 200 ? (res.body as RecallStatus) : undefined;
  } catch {
    return undefined;
  }
}

const STATE_WORDS = {
  off: 'off',
  idle: 'not loaded yet',
  loading: 'loading',
  embedding: 'embedding',
  ready: 'ready',
  error: 'failing, retrying',
} satisfies Record<EmbeddingState, string>;

const n = (value: number): string => value.toLocaleString('en-US');

/** The recall lines of `claude-mem status`, appended after the compression lines. */
export function formatRecallStatus(status: RecallStatus): string[] {
  if (status.state === 'off' || status.model === null) {
    return [`recall: search.mode ${status.mode}, embedder off: full-text search only`];
  }
  const waiting = Math.max(0, status.total - status.embedded);
  const lines = [
    `recall: search.mode ${status.mode}, embedder ${status.model} ${STATE_WORDS[status.state]}`,
    `  vectors: ${n(status.embedded)} of ${n(status.total)} observations, ${n(waiting)} waiting`,
  ];
  if (status.error) lines.push(`  error: ${status.error}`);
  return lines;
}
