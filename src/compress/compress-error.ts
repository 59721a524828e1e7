import type { Usage } from './types.ts';

/** Why a compressor call failed. Codes are for logic; messages are for people. */
export type CompressErrorCode =
  /** The provider cannot answer: network, 429, 5xx, timeout, missing key or login. */
  | 'PROVIDER_UNAVAILABLE'
  /** The provider answered, but not with usable XML (after the correction retry). */
  | 'PROVIDER_BAD_OUTPUT'
  /** Today's token budget of the provider would be exceeded by the call. */
  | 'BUDGET_SPENT'
  /** The provider is configured in a way that cannot work (e.g. no model named). */
  | 'CONFIG_INVALID';

/** Options of a CompressError. */
export interface CompressErrorOptions {
  /** True when trying again later may succeed (429, 5xx, timeout, network). */
  transient?: boolean;
  /** Seconds the provider asked us to wait (Retry-After). */
  retryAfterSeconds?: number;
  /** Tokens already spent before the failure (e.g. on output that did not parse). */
  usage?: Usage;
  /**
   * Text that came from the provider (an error body, stderr, a parser complaint quoting its
   * output). Kept apart from our own words because it can echo captured content: it is part of
   * `message` (stored as the failure reason, which the user sees) but not of `summary` (what goes
   * to the log).
   */
  detail?: string;
  cause?: unknown;
}

/** The one error type of src/compress. */
export class CompressError extends Error {
  readonly transient: boolean;
  readonly retryAfterSeconds: number | undefined;
  readonly usage: Usage | undefined;
  readonly detail: string | undefined;

  constructor(
    readonly code: CompressErrorCode,
    /** Our own words only: safe for the log. */
    readonly summary: string,
    options: CompressErrorOptions = {},
  ) {
    super(options.detail ? `${summary}: ${options.detail}` : summary, { cause: options.cause });
    this.name = 'CompressError';
    this.transient = options.transient ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.usage = options.usage;
    this.detail = options.detail;
  }
}

/** What of `error` may go to the log: a CompressError's summary, never the provider's text. */
export const loggable = (error: unknown): string =>
  error instanceof CompressError
    ? error.summary
    : error instanceof Error
      ? error.message
      : String(error);

/** A transient PROVIDER_UNAVAILABLE (worth retrying with backoff). */
export const unavailable = (
  message: string,
  options: Omit<CompressErrorOptions, 'transient'> & { transient?: boolean } = {},
): CompressError =>
  new CompressError('PROVIDER_UNAVAILABLE', message, { transient: true, ...options });

/** True when `error` is a CompressError worth retrying. */
export const isTransient = (error: unknown): error is CompressError =>
  error instanceof CompressError && error.transient;
