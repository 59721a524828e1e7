import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Refuses requests whose Host is not this worker's loopback name and port (DNS rebinding: a
 * web page on evil.example that resolves to 127.0.0.1 still sends its own Host), and browser
 * requests from another origin.
 *
 * @example app.use(loopbackOnly({ port: 37777 }))
 */
export function loopbackOnly(options: { port: number }): MiddlewareHandler {
  const hosts = new Set(LOOPBACK_NAMES.map((name) => `${name}:${options.port}`));
  const origins = new Set([...hosts].map((host) => `http://${host}`));
  return async function loopbackOnlyMiddleware(c, next) {
    if (!hosts.has(c.req.header('host') ?? '')) {
      throw new AppError('FORBIDDEN', 'requests must be addressed to the loopback worker');
    }
    const origin = c.req.header('origin');
    if ((origin && !origins.has(origin)) || c.req.header('sec-fetch-site') === 'cross-site') {
      throw new AppError('FORBIDDEN', 'cross-origin requests are refused');
    }
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Mutating requests need the per-install token: `Authorization: Bearer <token>` or
 * `X-Claude-Mem-Token`. Reads stay open to loopback clients (the viewer, curl).
 *
 * @example app.use(requireToken({ token }))
 */
export function requireToken(options: { token: string }): MiddlewareHandler {
  return async function requireTokenMiddleware(c, next) {
    if (!SAFE_METHODS.has(c.req.method)) {
      const bearer = c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
      const given = bearer ?? c.req.header('x-claude-mem-token') ?? '';
      if (!same(given, options.token)) {
        throw new AppError('UNAUTHORIZED', 'this call needs the worker token (see worker.token)');
      }
    }
    await next();
  };
}
