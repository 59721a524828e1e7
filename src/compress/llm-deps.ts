import type { Budget } from './budget.ts';

/** Size, time and retry limits of LLM requests (from `compress.*` settings). */
export interface LlmLimits {
  maxInputTokens: number;
  maxOutputTokens: number;
  fieldChars: number;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  /** Requests in flight at once; the timeout starts when a request gets its turn. */
  concurrency: number;
}

/** What an LLM compressor needs besides its transport. */
export interface LlmCompressorDeps {
  limits: LlmLimits;
  budget: Budget;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}
