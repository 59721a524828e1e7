import { liveWorker, readOrCreateToken, workerRequest } from '../../client/index.ts';
import { dataDirFrom } from '../../config/index.ts';
import { compressionWorker, workerFailure, type CompressCommandDeps } from '../worker-call.ts';

/** The worker's admin API for one command: JSON calls with the token, streamed reads. */
export interface AdminWorker {
  port: number;
  dataDir: string;
  get<T>(path: string, timeoutMs?: number): Promise<T>;
  post<T>(path: string, body: unknown, timeoutMs?: number): Promise<T>;
  /** A streamed GET (exports): the response, for its body stream. */
  stream(path: string): Promise<Response>;
}

function adminOf(port: number, dataDir: string): AdminWorker {
  const token = readOrCreateToken(dataDir);
  const call = async <T>(path: string, method: string, body: unknown, timeoutMs: number) => {
    const res = await workerRequest(port, path, { method, body, token, timeoutMs });
    if (res.status !== 200) throw workerFailure(res);
    return res.body as T;
  };
  return {
    port,
    dataDir,
    get: (path, timeoutMs = 30_000) => call(path, 'GET', undefined, timeoutMs),
    post: (path, body, timeoutMs = 120_000) => call(path, 'POST', body, timeoutMs),
    async stream(path) {
      // Every endpoint needs the token now, reads included (issue 12, defect 5).
      const headers = { authorization: `Bearer ${token}` };
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
      if (res.status !== 200) {
        throw workerFailure({ status: res.status, body: await res.json().catch(() => undefined) });
      }
      return res;
    },
  };
}

/** The running worker (started when needed, as every command does) and its admin API. */
export async function adminWorker(deps: CompressCommandDeps = {}): Promise<AdminWorker> {
  const { port, dataDir } = await compressionWorker(deps);
  return adminOf(port, dataDir);
}

/** The admin API of a worker that already runs, or undefined: for commands that only look. */
export function runningAdminWorker(env: NodeJS.ProcessEnv = process.env): AdminWorker | undefined {
  const dataDir = dataDirFrom(env);
  const info = liveWorker(dataDir);
  return info ? adminOf(info.port, dataDir) : undefined;
}
