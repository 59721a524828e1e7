/** A worker HTTP response. */
export interface WorkerResponse {
  status: number;
  body: unknown;
}

/** Options of one request to the worker. */
export interface RequestOptions {
  method?: string;
  body?: unknown;
  token?: string | undefined;
  timeoutMs?: number;
}

/**
 * One JSON request to the worker on 127.0.0.1. Uses node:http rather than fetch because a hook
 * process is short-lived and loading fetch's implementation costs more than the request.
 * Rejects on network errors and on timeout.
 */
export async function workerRequest(
  port: number,
  path: string,
  options: RequestOptions = {},
): Promise<WorkerResponse> {
  // Loaded on first use: most hooks never talk to the worker, and loading costs start-up time.
  const { request } = await import('node:http');
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { host: `127.0.0.1:${port}` };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = request(
      // agent: false: one connection per request. Node 20's default agent keeps sockets alive,
      // and reusing one just as the worker closes it idle fails with "socket hang up".
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: parseBody(chunks) }));
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 2000, () => req.destroy(new Error('worker timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

function parseBody(chunks: Buffer[]): unknown {
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
