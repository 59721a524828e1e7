import { CompressError, loggable } from './compress-error.ts';
import type {
  Compressor,
  ObservationsResult,
  SummaryResult,
  TurnBatch,
  TurnSummaryInput,
} from './types.ts';

/** Which compressor produced a result, and why earlier ones were passed over. */
export interface Produced {
  provider: Compressor['name'];
  model: string | null;
  /** Why the chain fell through to this compressor (stored as the events' reason). */
  fellBack: string | null;
  /** The same in our own words only (no provider text, which can echo captured content): for the log. */
  fellBackLog?: string | null;
}

/** Options of one chain call. */
export interface ChainCallOptions {
  /**
   * The last automatic attempt for this work: a transient failure (429, 5xx, timeout) falls
   * through to the next compressor instead of being thrown for a later retry.
   */
  finalAttempt: boolean;
  signal?: AbortSignal;
}

/** Compressors tried in order; the last one (the heuristic) must not fail. */
export interface CompressorChain {
  readonly compressors: readonly Compressor[];
  compressTurn(batch: TurnBatch, options: ChainCallOptions): Promise<ObservationsResult & Produced>;
  summarizeTurn(
    input: TurnSummaryInput,
    options: ChainCallOptions,
  ): Promise<SummaryResult & Produced>;
}

/**
 * Tries each compressor in order. A CompressError falls through to the next one, except a
 * transient one before the final attempt, which is thrown so that the work is marked failed and
 * retried later with backoff (the provider may be back by then). Any other error is a bug and
 * is thrown as is.
 */
export function createCompressorChain(compressors: readonly Compressor[]): CompressorChain {
  if (compressors.length === 0) throw new Error('a compressor chain needs at least one compressor');

  async function run<T>(
    options: ChainCallOptions,
    call: (c: Compressor) => Promise<T>,
  ): Promise<T & Produced> {
    const reasons: string[] = [];
    const logged: string[] = [];
    for (const [index, compressor] of compressors.entries()) {
      const last = index === compressors.length - 1;
      try {
        const result = await call(compressor);
        const used = (why: string[]) =>
          why.length > 0 ? `${why.join('; ')}; ${compressor.name} used` : null;
        return {
          ...result,
          provider: compressor.name,
          model: compressor.model,
          fellBack: used(reasons),
          fellBackLog: used(logged),
        };
      } catch (error) {
        const fallThrough =
          error instanceof CompressError && (!error.transient || options.finalAttempt);
        if (last || !fallThrough) throw error;
        reasons.push(error.message);
        logged.push(loggable(error));
      }
    }
    throw new Error('unreachable');
  }

  return {
    compressors,
    compressTurn: (batch, options) => run(options, (c) => c.compressTurn(batch, options.signal)),
    summarizeTurn: (input, options) => run(options, (c) => c.summarizeTurn(input, options.signal)),
  };
}
