import { TEST_HOST, TEST_TOKEN } from './worker-deps.ts';

/** Anything that answers a request in process, as a Hono app's `request` does. */
export interface RequestTarget {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** A route's answer: its status, raw text, first line parsed as JSON (null when not JSON). */
export interface RouteReply<B> {
  status: number;
  headers: Headers;
  text: string;
  body: B;
}

/** How a test calls a route: a string body is sent as is, any other is sent as JSON. */
export type RouteCall<B> = (
  method: string,
  path: string,
  body?: unknown,
  token?: string | null,
) => Promise<RouteReply<B>>;

/** Which header carries the token: the CLI's bearer or the viewer's own header. */
export type TokenHeader = 'authorization' | 'x-claude-mem-token';

/** The request headers of a test call: the worker's host, the token (unless null), JSON. */
export function testHeaders(
  token: string | null = TEST_TOKEN,
  tokenHeader: TokenHeader = 'authorization',
  json = false,
): Record<string, string> {
  const headers: Record<string, string> = { host: TEST_HOST };
  if (token) headers[tokenHeader] = tokenHeader === 'authorization' ? `Bearer ${token}` : token;
  if (json) headers['content-type'] = 'application/json';
  return headers;
}

function parseFirstLine(text: string): unknown {
  try {
    // A streamed (NDJSON) answer: its first line is the one the tests read.
    return JSON.parse(text.split('\n')[0] ?? 'null');
  } catch {
    return null;
  }
}

/**
 * A caller for an in-process worker app with the host and token headers every route checks;
 * `token` null leaves the token out, a string replaces it (a wrong token, an empty one).
 * `B` is the body shape the test reads; tests assert on it, so it is not checked here.
 */
export function routeCaller<B = Record<string, unknown>>(
  app: RequestTarget,
  tokenHeader: TokenHeader = 'authorization',
): RouteCall<B> {
  return async function call(method, path, body, token = TEST_TOKEN) {
    const res = await app.request(path, {
      method,
      headers: testHeaders(token, tokenHeader, body !== undefined),
      body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: parseFirstLine(text) as B };
  };
}
