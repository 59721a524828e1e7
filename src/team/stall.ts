/** Why sync stalls, in words, and what to do about it (shown by team status, doctor, viewer). */
export interface Stall {
  /** Whole seconds since the first round that failed (or since the step in flight began). */
  seconds: number;
  why: string;
  remedy: string;
}

const RETRY = 'sync retries every round';

/** Known failures, the first match wins: a pattern of the error message and its remedy. */
const REMEDIES: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [
    /for a lock held by .*?pid (\d+)/,
    (m) =>
      `the session holding the lock must end its transaction; an admin can end it: SELECT pg_terminate_backend(${m[1]}); ${RETRY}`,
  ],
  [
    /lock timeout|for a lock held by/,
    () =>
      'a session holds a lock on the team tables; an admin can find it in pg_stat_activity and end it',
  ],
  [
    /no longer a member of team "([^"]+)"|is not a member of team "([^"]+)"/,
    (m) =>
      `ask an admin to run "claude-mem team add-member <your role> --url <admin-url> --team ${m[1] ?? m[2]}", or "claude-mem team disconnect"`,
  ],
  [
    /function claude_mem\.\w+\(.*\) does not exist|relation "claude_mem\.\w+" does not exist/,
    () =>
      'the team server\'s schema is older than this claude-mem: an admin runs "claude-mem team init <admin-url>" to upgrade it',
  ],
  [
    /password authentication failed|password must be a string|no password/i,
    () =>
      'run "claude-mem team connect <postgres-url>" again with the right password (or set PGPASSWORD or ~/.pgpass)',
  ],
  [
    /statement timeout/,
    () => `the server did not finish a statement in time: it may be overloaded; ${RETRY}`,
  ],
  [
    /no answer from the server|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|timeout|terminat|Connection/i,
    () => `check that the server runs and is reachable from here (network, VPN); ${RETRY}`,
  ],
];

/** The remedy for a failure's message (the message itself is the why). */
export function remedyOf(message: string): string {
  for (const [pattern, remedy] of REMEDIES) {
    const match = pattern.exec(message);
    if (match) return remedy(match);
  }
  return `see the worker log for details; ${RETRY}`;
}

/** What the engine knows that decides whether sync is stalled. */
export interface StallInputs {
  failingSince: number | null;
  lastError: string | null;
  inFlight: { step: string; since: number } | null;
}

/**
 * Sync is stalled while rounds fail (since the first failure after the last success), or while
 * the step in flight has waited longer than `stepMs` (before the bound abandons the round).
 */
export function stallOf(inputs: StallInputs, now: number, stepMs: number): Stall | null {
  const seconds = (since: number): number => Math.max(0, Math.round((now - since) / 1000));
  if (inputs.failingSince !== null && inputs.lastError !== null) {
    const since = Math.min(inputs.failingSince, inputs.inFlight?.since ?? Infinity);
    return { seconds: seconds(since), why: inputs.lastError, remedy: remedyOf(inputs.lastError) };
  }
  if (inputs.inFlight && now - inputs.inFlight.since > stepMs) {
    const why = `no answer from the server yet (${inputs.inFlight.step})`;
    return { seconds: seconds(inputs.inFlight.since), why, remedy: remedyOf(why) };
  }
  return null;
}
