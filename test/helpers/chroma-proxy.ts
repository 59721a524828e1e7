import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A proxy in front of a Chroma server that can be made to answer garbage. */
export interface ChromaProxy {
  url: string;
  /** `forward`: pass every request on; `garbage`: answer 200 `{"hello":"world"}` to each. */
  mode: 'forward' | 'garbage';
  /** `METHOD path` of every request seen, in order. */
  requests: string[];
  close(): Promise<void>;
}

function forward(target: URL, req: IncomingMessage, res: ServerResponse): void {
  const upstream = request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

/** Starts a proxy on a free loopback port in front of the Chroma server at `target`. */
export async function startChromaProxy(target: string): Promise<ChromaProxy> {
  const to = new URL(target);
  const proxy: ChromaProxy = {
    url: '',
    mode: 'forward',
    requests: [],
    close: () => new Promise((done) => server.close(() => done())),
  };
  const server = createServer((req, res) => {
    proxy.requests.push(`${req.method} ${req.url}`);
    if (proxy.mode === 'forward') return forward(to, req, res);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}');
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
