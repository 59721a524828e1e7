import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { Logger } from '../config/index.ts';
import { ReadOnlyMemoryError } from '../store/index.ts';
import { isBusy } from './db-fault.ts';

/** Error codes: for logic. Messages are for people. */
export type ErrorCode =
  'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'DB_BUSY' | 'INTERNAL';

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DB_BUSY: 503,
  INTERNAL: 500,
};

/** An error the worker answers with its own status and a clear message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** `tool_input: expected object` lines from a zod error. */
function zodMessage(error: ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The one place errors become responses: AppError and validation errors get their status and
 * message; anything else is logged and answered 500 without details (no stack traces out).
 */
export function createErrorHandler(log: Logger) {
  return function onError(error: Error, c: Context) {
    if (error instanceof AppError) {
      return c.json({ error: { code: error.code, message: error.message } }, STATUS[error.code]);
    }
    if (error instanceof ReadOnlyMemoryError) {
      return c.json({ error: { code: 'FORBIDDEN', message: error.message } }, 403);
    }
    if (error instanceof ZodError) {
      return c.json({ error: { code: 'BAD_REQUEST', message: zodMessage(error) } }, 400);
    }
    if (isBusy(error)) {
      return c.json({ error: { code: 'DB_BUSY', message: 'database is busy, retry' } }, 503);
    }
    log.log('error', `unhandled error on ${c.req.method} ${c.req.path}`, {
      error: error.stack ?? error.message,
    });
    return c.json({ error: { code: 'INTERNAL', message: 'internal error' } }, 500);
  };
}
