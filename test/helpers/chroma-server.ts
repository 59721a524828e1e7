import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './env.ts';
import { suiteFixture } from './suite-fixture.ts';

/** A real Chroma server (the one in the chromadb npm package) on a free loopback port. */
export interface ChromaServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL); its data stays in `path`. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data folder (no-op while it runs). */
  restart(): Promise<void>;
}

// The package exports no subpath for its CLI (nor its package.json): the devDependency's path.
const CLI = join(import.meta.dirname, '..', '..', 'node_modules', 'chromadb', 'dist', 'cli.mjs');

async function waitForHeartbeat(url: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `chroma server exited (${child.exitCode}) before answering:\n${log.join('')}`,
      );
    }
    const up = await fetch(`${url}/api/v2/heartbeat`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await sleep(200);
  }
  throw new Error(`chroma server at ${url} did not answer its heartbeat in 60 s:\n${log.join('')}`);
}

/** Starts Chroma with its data in `path`; the caller stops it (t.after). */
export async function startChroma(path: string): Promise<ChromaServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  const running = (): boolean => child.exitCode === null && child.signalCode === null;
  const launch = async (): Promise<void> => {
    const log: string[] = [];
    child = spawn(
      process.execPath,
      [CLI, 'run', '--path', path, '--host', '127.0.0.1', '--port', String(port)],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ANONYMIZED_TELEMETRY: 'False' } },
    );
    child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    await waitForHeartbeat(url, child, log);
  };
  const stop = async (): Promise<void> => {
    if (!running()) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killed);
  };
  await launch();
  return {
    url,
    port,
    stop,
    async restart() {
      if (!running()) await launch();
    },
  };
}

/**
 * One Chroma server for the whole test file, its data in a temp folder: started before the
 * file's tests, stopped and its folder removed after. The handle reads the running server.
 */
export function chromaForFile(): ChromaServer {
  const data = mkdtempSync(join(tmpdir(), 'claude-mem-chroma-'));
  const server = suiteFixture(
    () => startChroma(data),
    async (running) => {
      await running.stop();
      rmSync(data, { recursive: true, force: true });
    },
  );
  return {
    get url() {
      return server().url;
    },
    get port() {
      return server().port;
    },
    stop: () => server().stop(),
    restart: () => server().restart(),
  };
}
