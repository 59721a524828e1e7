import { workerRequest } from '../../client/index.ts';
import { EMBEDDING_STATE_WORDS } from '../../domain/embedding-status.ts';
import type { RecallStatus as DomainRecallStatus } from '../../domain/viewer-api.ts';
import type { VectorStoreStatus } from '../../search/index.ts';

/** GET /api/recall/status: the embedder's progress, the search mode, the Chroma store if used. */
export type RecallStatus = DomainRecallStatus & { store?: VectorStoreStatus };

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

const n = (value: number): string => value.toLocaleString('en-US');

function storeLine(store: VectorStoreStatus): string {
  const where = `chroma ${store.url} (${store.collection})`;
  const counts = `${n(store.indexed)} indexed, ${n(store.pending)} waiting`;
  if (store.reachable === false) {
    return `  vector store: ${where} unreachable, search uses full text; ${counts}: ${store.error ?? ''}`;
  }
  return `  vector store: ${where}, ${counts}`;
}

/** Why search is on full text while vectors are computed (EmbeddingStatus.switch). */
function switchLine(from: string | null): string {
  const until = 'search uses full text until every observation has a vector';
  return from === null
    ? `  first embedding: ${until}`
    : `  re-embedding after the switch from ${from}: ${until}`;
}

/** What a search in a memory past 200,000 observations reads first (src/store/fulltext/search-horizon.ts). */
const horizonLine = (held: number): string =>
  `  search horizon: the newest ${n(held)} observations, searched first; older ones when fewer than a page of those match, or with --until`;

/** The recall lines of `claude-mem status`, appended after the compression lines. */
export function formatRecallStatus(status: RecallStatus): string[] {
  const horizon = typeof status.horizon === 'number' ? [horizonLine(status.horizon)] : [];
  if (status.state === 'off' || status.model === null) {
    return [`recall: search.mode ${status.mode}, embedder off: full-text search only`, ...horizon];
  }
  const waiting = Math.max(0, status.total - status.embedded);
  const lines = [
    `recall: search.mode ${status.mode}, embedder ${status.model} ${EMBEDDING_STATE_WORDS[status.state]}`,
    `  vectors: ${n(status.embedded)} of ${n(status.total)} observations, ${n(waiting)} waiting`,
  ];
  if (status.switch) lines.push(switchLine(status.switch.from));
  if (status.error) lines.push(`  error: ${status.error}`);
  if (status.store) lines.push(storeLine(status.store));
  return [...lines, ...horizon];
}
