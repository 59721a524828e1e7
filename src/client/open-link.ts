import { workerRequest } from './http.ts';
import { readOrCreateToken } from './token.ts';

/**
 * Asks the worker on `port` for a one-time viewer link (`http://127.0.0.1:PORT/?token=...`,
 * good once within 10 minutes); the page trades it for a session cookie. Rejects when the
 * worker does not give one.
 */
export async function requestOpenLink(port: number, dataDir: string): Promise<string> {
  const res = await workerRequest(port, '/api/viewer/open-link', {
    method: 'POST',
    token: readOrCreateToken(dataDir),
    timeoutMs: 5_000,
  });
  const url = (res.body as { url?: unknown } | undefined)?.url;
  if (res.status !== 200 || typeof url !== 'string') {
    throw new Error(`the worker gave no viewer link (HTTP ${res.status})`);
  }
  return url;
}
