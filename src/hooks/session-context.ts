import { readToken, workerRequest } from '../client/index.ts';
import type { Logger } from '../config/index.ts';
import type { HookInput } from '../capture/index.ts';

/** The context endpoint's answer. */
interface ContextBody {
  context?: unknown;
}

/**
 * Asks the worker for the SessionStart context of this session. Building it never waits on an
 * LLM, so a short timeout suffices; on any failure the session starts without context.
 */
export async function fetchContext(
  worker: { port: number; dataDir: string },
  payload: HookInput,
  log: Logger,
  timeoutMs = 3000,
): Promise<string | undefined> {
  const query = new URLSearchParams({
    session_id: payload.session_id ?? '',
    source: payload.source ?? 'startup',
    cwd: payload.cwd ?? process.cwd(),
    record: '1',
  });
  try {
    const res = await workerRequest(worker.port, `/api/context?${query.toString()}`, {
      timeoutMs,
      token: readToken(worker.dataDir),
    });
    const context = (res.body as ContextBody | undefined)?.context;
    if (res.status === 200 && typeof context === 'string') return context || undefined;
    log.log('warn', `SessionStart: context request answered ${res.status}`);
  } catch (error) {
    log.log('warn', 'SessionStart: context request failed', { error: String(error) });
  }
  return undefined;
}
