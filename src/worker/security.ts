import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { AppError } from './errors.ts';
import type { OpenLinks } from './open-links.ts';

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

/** What the auth middleware checks against. */
export interface AuthOptions {
  /** The per-install token (`worker.token`). */
  token: string;
  /** Names the cookie: cookies are per host, not per port, and each data folder has a worker. */
  port: number;
  links: OpenLinks;
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The viewer's cookie name for the worker on `port`. */
export const sessionCookieName = (port: number): string => `claude_mem_${port}`;

/**
 * The cookie's value: derived from the token, not the token itself, so a cookie seen in a
 * browser's storage does not give the token to hooks or curl; stable, so it outlives a worker
 * restart, and changed by replacing `worker.token`.
 */
export const sessionCookieValue = (token: string): string =>
  createHmac('sha256', token).update('claude-mem viewer session').digest('base64url');

/**
 * True when the request carries the token (`Authorization: Bearer`, `X-Claude-Mem-Token`) or
 * the viewer's session cookie.
 */
export function isAuthenticated(c: Context, options: Omit<AuthOptions, 'links'>): boolean {
  const bearer = c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
  const given = bearer ?? c.req.header('x-claude-mem-token');
  if (given !== undefined) return same(given, options.token);
  const cookie = getCookie(c, sessionCookieName(options.port));
  return cookie !== undefined && same(cookie, sessionCookieValue(options.token));
}

const PAGES = new Set(['/', '/index.html']);

const SIGN_IN =
  'This viewer needs a sign-in link. Run `claude-mem open`: it prints a link for this browser ' +
  '(it works once and for 10 minutes).\n';

/**
 * Every request needs the token or the viewer's cookie, reads included: anyone on the machine
 * can connect to 127.0.0.1, not only the owner of the data folder. Two exceptions: `/health`,
 * whose handler tells an anonymous caller only what identifies the worker, and a page request
 * with a one-time `?token=` (from `claude-mem open`), traded for an HttpOnly, SameSite=Strict
 * cookie and a redirect to the clean URL, as Jupyter does.
 *
 * @example app.use(requireToken({ token, port, links }))
 */
export function requireToken(options: AuthOptions): MiddlewareHandler {
  return async function requireTokenMiddleware(c, next) {
    if (c.req.path === '/health' || isAuthenticated(c, options)) return next();
    const isPage = c.req.method === 'GET' && PAGES.has(c.req.path);
    const code = isPage ? c.req.query('token') : undefined;
    if (code !== undefined && options.links.redeem(code)) {
      setCookie(c, sessionCookieName(options.port), sessionCookieValue(options.token), {
        path: '/',
        httpOnly: true,
        sameSite: 'Strict',
      });
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      return c.redirect(c.req.path, 302);
    }
    if (isPage) {
      c.header('Cache-Control', 'no-store');
      return c.text(
        code === undefined ? SIGN_IN : `This link was used or expired. ${SIGN_IN}`,
        401,
      );
    }
    throw new AppError('UNAUTHORIZED', 'this call needs the worker token (see worker.token)');
  };
}
