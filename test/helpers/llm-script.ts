import {
  createLlmCompressor,
  createMemoryBudget,
  echoObservation,
  type CompressEvent,
  type LlmLimits,
  type LlmReply,
  type LlmRequest,
  type LlmTransport,
  type ObservationsResult,
  type SummaryDraft,
  type TurnBatch,
} from '../../src/compress/index.ts';
import type { ObservationBody } from '../../src/domain/index.ts';

/** One scripted answer: the text, a failure, or a request that hangs until aborted. */
export type Step = string | Error | 'hang';

/** Small limits for unit tests: one request at a time, no retry, a short timeout. */
export const TEST_LIMITS: LlmLimits = {
  maxInputTokens: 4000,
  maxOutputTokens: 500,
  fieldChars: 500,
  timeoutMs: 1000,
  retries: 0,
  retryBaseMs: 1,
  concurrency: 1,
};

/**
 * An in-memory transport that answers from a script (then `<skip>done</skip>`), 100 tokens in
 * and 10 out each, and records each request.
 */
export function scriptedTransport(...steps: Step[]): {
  transport: LlmTransport;
  requests: LlmRequest[];
} {
  const requests: LlmRequest[] = [];
  const transport: LlmTransport = {
    provider: 'anthropic',
    model: 'm',
    complete(request, signal) {
      requests.push(request);
      const step = steps.shift() ?? '<skip>done</skip>';
      if (step === 'hang') {
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      }
      if (step instanceof Error) return Promise.reject(step);
      const reply: LlmReply = { text: step, tokensIn: 100, tokensOut: 10, truncated: false };
      return Promise.resolve(reply);
    },
  };
  return { transport, requests };
}

/** An LLM compressor over a scripted transport, TEST_LIMITS with `limits` over them. */
export function scriptedCompressor(steps: Step[], limits: Partial<LlmLimits> = {}) {
  const { transport, requests } = scriptedTransport(...steps);
  const compressor = createLlmCompressor(transport, {
    limits: { ...TEST_LIMITS, ...limits },
    budget: createMemoryBudget(),
  });
  return { compressor, requests };
}

/** A captured tool event as compression reads it: a Read of /app/a.ts unless `over` says. */
export const compressEvent = (over: Partial<CompressEvent> = {}): CompressEvent => ({
  id: 1,
  toolName: 'Read',
  input: { file_path: '/app/a.ts' },
  response: null,
  error: null,
  failed: false,
  agentId: null,
  at: 0,
  ...over,
});

/** A small request as a transport test sends it. */
export const PLAIN_REQUEST: LlmRequest = {
  system: 'You record memory.',
  messages: [{ role: 'user', content: 'events here' }],
  maxOutputTokens: 300,
};

/** A signal that never aborts. */
export const NEVER_ABORTED = new AbortController().signal;

/** An observation's body with only a title (and what `over` sets): every list empty. */
export const observationBody = (
  title: string,
  over: Partial<ObservationBody> = {},
): ObservationBody => ({
  title,
  subtitle: '',
  facts: [],
  narrative: '',
  concepts: [],
  filesRead: [],
  filesModified: [],
  ...over,
});

/**
 * What a provider answers to a closing batch: the batch's echo observation and the turn's
 * summary (its `completed` says how many earlier observations the batch carried), 90 tokens
 * in and 30 out. `summary` overrides fields of the summary.
 */
export const closingAnswer = (
  batch: TurnBatch,
  summary: Partial<SummaryDraft> = {},
): ObservationsResult => ({
  observations: [echoObservation(batch)],
  usage: { calls: 1, tokensIn: 90, tokensOut: 30, durationMs: 1 },
  summary: {
    summary: {
      request: 'fix the parser',
      investigated: '',
      learned: '',
      completed: `done, after ${batch.withSummary?.observations.length ?? 0} earlier`,
      nextSteps: '',
      notes: '',
      filesRead: [],
      filesModified: ['src/parser.ts'],
      ...summary,
    },
  },
});
