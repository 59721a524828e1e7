import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One HTTP request a fake LLM server received, kept for assertions. */
export interface RecordedRequest {
  method: string;
  /** Path with its query string, e.g. `/v1/messages?beta=true`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The exact body bytes as UTF-8 text. */
  body: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  at: number;
  /** The exact response body sent (JSON or the SSE text), once the answer was written. */
  response: string;
}

/** How a fake server answers one request: it writes the whole response itself. */
export type Handler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

/** A loopback HTTP server that records every request and hands it to `handle`. */
export interface RecordingServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Stops listening and cuts every open connection (hanging replies included). */
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Keeps a copy of everything written to `res` in `recorded.response`. */
function recordResponse(res: ServerResponse, recorded: RecordedRequest): void {
  const text = (chunk: unknown): string =>
    typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  res.write = ((chunk: unknown, ...rest: never[]) => {
    recorded.response += text(chunk);
    return write(chunk as string, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: never[]) => {
    if (typeof chunk !== 'function') recorded.response += text(chunk);
    return end(chunk as string, ...rest);
  }) as typeof res.end;
}

/** Starts a recording server on 127.0.0.1 and a free port. */
export async function startRecordingServer(handle: Handler): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body,
        json: parseJson(body),
        at: Date.now(),
        response: '',
      };
      requests.push(recorded);
      recordResponse(res, recorded);
      try {
        await handle(recorded, res);
      } catch (error) {
        if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Writes a JSON response. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** The fake servers' stand-in for a tokenizer: one token per 4 characters, rounded up. */
export const countTokens = (text: string): number => Math.ceil(text.length / 4);
