import { createConnection, createServer, type Socket } from 'node:net';

/** A TCP proxy to a local port that can stop passing bytes, as a frozen server or a dead VPN. */
export interface FreezingProxy {
  port: number;
  /** From now on, nothing more reaches either side (sockets stay open). */
  freeze(): void;
  /** Passes bytes again, on new connections and old ones. */
  thaw(): void;
}

/** Starts a proxy on a free loopback port to `targetPort`; it closes when the test ends. */
export async function startFreezingProxy(
  t: { after(fn: () => void | Promise<void>): void },
  targetPort: number,
): Promise<FreezingProxy> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const pass = (from: Socket, to: Socket): void => {
    from.on('data', (chunk: Buffer) => {
      if (!frozen) to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const socket of [client, upstream]) sockets.add(socket);
    pass(client, upstream);
    pass(upstream, client);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  t.after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((done) => server.close(done));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
    },
  };
}
