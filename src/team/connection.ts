import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { writeFileAtomic } from '../config/index.ts';
import { splitPassword, withPassword } from './team-url.ts';

/** Where `team connect` keeps a password given in the URL: beside the settings, mode 0600. */
export const teamSecretFile = (dataDir: string): string => join(dataDir, 'team-secret');

/** Keeps `password` in the 0600 secret file, or removes the file when there is none. */
export function saveTeamSecret(dataDir: string, password: string | undefined): void {
  if (password === undefined) rmSync(teamSecretFile(dataDir), { force: true });
  else writeFileAtomic(teamSecretFile(dataDir), password, 0o600);
}

function readSecret(dataDir: string): string | undefined {
  try {
    return readFileSync(teamSecretFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
}

/** How long one step of a sync (a connect, a query) may take by default: `team.stallAfterMs`. */
export const DEFAULT_STEP_MS = 15_000;

/**
 * The client options for `url`: a password in the URL (user part or `?password=`), else the
 * secret file, else what node-postgres finds itself (`PGPASSWORD`, then `~/.pgpass` or
 * `PGPASSFILE`); host, user and database default to `PG*` variables. TLS as the URL's `sslmode`
 * says. Every wait is bounded by `stepMs` (issue 30: a held lock or a frozen server stalled
 * sync silently): connecting, each statement on the server, a lock wait (half of it, so the
 * server names the holder before the client gives up), our own transaction left idle, and TCP
 * keepalive so a dropped network is noticed.
 */
export function clientConfig(
  url: string,
  dataDir?: string,
  stepMs = DEFAULT_STEP_MS,
): pg.ClientConfig {
  const split = url ? splitPassword(url) : undefined;
  const password = split?.password ?? (dataDir === undefined ? undefined : readSecret(dataDir));
  return {
    // node-postgres lets the connection string's fields win over separate options: the password
    // goes into the URL, in memory only.
    ...(split ? { connectionString: withPassword(split.url, password) } : {}),
    ...(!url && password !== undefined ? { password } : {}),
    application_name: 'claude-mem',
    connectionTimeoutMillis: Math.min(stepMs, 10_000),
    statement_timeout: stepMs,
    lock_timeout: Math.max(500, Math.floor(stepMs / 2)),
    idle_in_transaction_session_timeout: stepMs * 2,
    query_timeout: stepMs + 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * A node-postgres client, loaded on first use: pg costs every CLI command and the worker's start
 * tens of milliseconds, and most machines never sync with a team.
 */
export async function newClient(config: pg.ClientConfig): Promise<pg.Client> {
  const { default: driver } = await import('pg');
  return new driver.Client(config);
}

/** Opens a client, runs `work`, always closes it. */
export async function withClient<T>(
  config: pg.ClientConfig,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = await newClient(config);
  // A server going away between queries emits 'error' on the idle client: reported by the next
  // query instead of crashing the worker.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
