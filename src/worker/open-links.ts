import { randomBytes } from 'node:crypto';

/** One-time viewer links: `claude-mem open` asks for one, the browser trades it for a cookie. */
export interface OpenLinks {
  /** A new code, valid once within the time to live. */
  mint(): string;
  /** True once for a code that was minted and has not expired; it is spent either way. */
  redeem(code: string): boolean;
}

/** Ten minutes: long enough to click a link printed by `claude-mem open` or the demo. */
export const OPEN_LINK_TTL_MS = 10 * 60_000;

/** Unredeemed codes kept at most; the oldest goes first (nobody needs a hundred open tabs). */
const MAX_CODES = 100;

/**
 * Codes live in the worker's memory only: a restarted worker forgets them, and the link must
 * be asked for again (`claude-mem open`).
 *
 * @example const links = createOpenLinks(); const url = `/?token=${links.mint()}`;
 */
export function createOpenLinks(now: () => number = Date.now, ttlMs = OPEN_LINK_TTL_MS): OpenLinks {
  const expiry = new Map<string, number>();
  return {
    mint() {
      for (const [code, until] of expiry) if (until <= now()) expiry.delete(code);
      while (expiry.size >= MAX_CODES) expiry.delete(expiry.keys().next().value ?? '');
      const code = randomBytes(24).toString('base64url');
      expiry.set(code, now() + ttlMs);
      return code;
    },
    redeem(code) {
      const until = expiry.get(code);
      expiry.delete(code);
      return until !== undefined && until > now();
    },
  };
}
