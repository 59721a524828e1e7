import { CompressError } from './compress-error.ts';
import {
  NO_USAGE,
  type Compressor,
  type ObservationDraft,
  type ObservationsResult,
  type SummaryResult,
  type TurnBatch,
  type TurnSummaryInput,
} from './types.ts';

/** One scripted answer of the fake: a result, or a CompressError to throw. */
export type FakeStep<T> = T | CompressError;

/** The in-memory twin of a provider, for unit tests: scripted answers and recorded calls. */
export interface FakeCompressor extends Compressor {
  batches: TurnBatch[];
  summaries: TurnSummaryInput[];
  enqueueTurn(...steps: Array<FakeStep<ObservationsResult>>): void;
  enqueueSummary(...steps: Array<FakeStep<SummaryResult>>): void;
}

/** A draft with one title per batch, citing every event; handy as a default answer. */
export function echoObservation(batch: TurnBatch): ObservationDraft {
  return {
    type: 'change',
    title: `turn ${batch.promptNumber}: ${batch.events.length} events`,
    subtitle: '',
    facts: batch.events.map((event) => event.toolName),
    narrative: '',
    concepts: [],
    filesRead: [],
    filesModified: [],
    sourceEventIds: batch.events.map((event) => event.id),
  };
}

function take<T>(queue: Array<FakeStep<T>>, fallback: () => T): Promise<T> {
  const next = queue.shift();
  if (next instanceof CompressError) return Promise.reject(next);
  return Promise.resolve(next ?? fallback());
}

/**
 * A Compressor that answers from queues (then with one echo observation per batch and a fixed
 * summary), records what it was given, and spends nothing.
 */
export function createFakeCompressor(name: Compressor['name'] = 'fake'): FakeCompressor {
  const turnQueue: Array<FakeStep<ObservationsResult>> = [];
  const summaryQueue: Array<FakeStep<SummaryResult>> = [];
  const fake: FakeCompressor = {
    name,
    model: 'fake-model',
    batches: [],
    summaries: [],
    enqueueTurn: (...steps) => turnQueue.push(...steps),
    enqueueSummary: (...steps) => summaryQueue.push(...steps),
    compressTurn(batch) {
      fake.batches.push(batch);
      return take(turnQueue, () => ({ observations: [echoObservation(batch)], usage: NO_USAGE }));
    },
    summarizeTurn(input) {
      fake.summaries.push(input);
      return take(summaryQueue, () => ({
        summary: {
          request: input.prompt ?? '',
          investigated: '',
          learned: '',
          completed: input.observations.map((o) => o.title).join('; '),
          nextSteps: '',
          notes: '',
          filesRead: [],
          filesModified: [],
        },
        usage: NO_USAGE,
      }));
    },
  };
  return fake;
}
