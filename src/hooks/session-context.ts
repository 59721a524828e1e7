import { readToken, workerRequest } from '../client/index.ts';
import type { Logger } from '../config/index.ts';
import type { HookInput } from '../capture/index.ts';

/** The context endpoint's answer. */
interface ContextBody {
  context?: unknown;
}

/** The context request's outcome: `reached` is false when no answer came (nothing listens). */
export interface ContextAnswer {
  context: string | undefined;
  reached: boolean;
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
): Promise<ContextAnswer> {
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
    if (res.status === 200 && typeof context === 'string') {
      return { context: context || undefined, reached: true };
    }
    log.log('warn', `SessionStart: context request answered ${res.status}`);
    return { context: undefined, reached: true };
  } catch (error) {
    log.log('warn', 'SessionStart: context request failed', { error: String(error) });
    return { context: undefined, reached: false };
  }
}
