import { readOrCreateToken } from '../../client/index.ts';
import { loadSettings } from '../../config/index.ts';
import { fetchRecallStatus } from '../commands/recall-status.ts';
import { fail, ok, warn, type CheckResult } from './check.ts';

const n = (value: number): string => value.toLocaleString('en-US');

/**
 * The vector store: nothing to check for sqlite-vec (the database check covers it); for Chroma,
 * whether the worker reaches the server and how far the collection is behind the database.
 */
export async function checkVectorStore(
  dataDir: string,
  port: number | undefined,
): Promise<CheckResult> {
  const settings = loadSettings(dataDir).settings;
  if (settings['search.vectorStore'] !== 'chroma') {
    return ok('vectors', 'sqlite-vec, inside the database');
  }
  const url = settings['search.chroma.url'];
  const status =
    port === undefined ? undefined : await fetchRecallStatus(port, readOrCreateToken(dataDir));
  const store = status?.store;
  if (!store) return warn('vectors', `chroma at ${url}: unknown (worker not reachable)`);
  const counts = `${n(store.indexed)} vectors in collection ${store.collection}, ${n(store.pending)} waiting`;
  if (store.reachable === false) {
    return fail(
      'vectors',
      `chroma at ${url} unreachable (${store.error ?? 'no answer'}): search uses full text, ${counts}; start your Chroma server or "claude-mem config set search.vectorStore sqlite-vec"`,
    );
  }
  return ok('vectors', `chroma at ${url}: ${counts}`);
}
