import { workerRequest } from '../../src/client/index.ts';
import type { TestHome } from './env.ts';
import { tokenOf } from './worker.ts';

/** The parts of GET /api/compression/status a wait reads. */
export interface CompressionCounts {
  events: Record<string, number>;
  turns: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls the worker until no event and no turn end is pending; returns that last status (typed
 * as the caller reads it). Past `timeoutMs` it throws with the status it last saw.
 */
export async function waitForCompression<S extends CompressionCounts = CompressionCounts>(
  home: TestHome,
  timeoutMs = 120_000,
): Promise<S> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await workerRequest(home.port, '/api/compression/status', {
      token: tokenOf(home),
      timeoutMs: 5_000,
    });
    const status = body as S;
    if (!status.events.pending && !status.turns.pending) return status;
    if (Date.now() > deadline)
      throw new Error(`compression did not finish: ${JSON.stringify(status)}`);
    await sleep(250);
  }
}
