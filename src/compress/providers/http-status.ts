import { CompressError } from '../compress-error.ts';

/** Statuses worth retrying: request timeout, conflict, rate limit, server errors, overload. */
const TRANSIENT = (status: number): boolean =>
  status === 408 || status === 409 || status === 429 || status >= 500;

/** Seconds from a Retry-After header (delta-seconds form), if any. */
export function retryAfterOf(
  headers: { get(name: string): string | null } | undefined,
): number | undefined {
  const value = headers?.get('retry-after');
  const seconds = value === null || value === undefined ? NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/**
 * A CompressError for an HTTP error answer: PROVIDER_UNAVAILABLE, transient for 408, 409, 429
 * and 5xx; for other 4xx (bad key, unknown model) permanent, with a hint on what to check.
 */
export function statusError(
  label: string,
  status: number,
  detail: string,
  retryAfterSeconds?: number,
): CompressError {
  const hint =
    status === 401 || status === 403
      ? ' (check the API key)'
      : status === 404
        ? ' (check the model and base URL)'
        : '';
  return new CompressError('PROVIDER_UNAVAILABLE', `${label} answered ${status}${hint}`, {
    transient: TRANSIENT(status),
    retryAfterSeconds,
    detail,
  });
}
