import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { writeFileAtomic } from '../config/index.ts';

/** Where `team connect` keeps a password given in the URL: beside the settings, mode 0600. */
export const teamSecretFile = (dataDir: string): string => join(dataDir, 'team-secret');

/** A URL split into the URL without its password (what settings keep) and the password. */
export function splitPassword(url: string): { url: string; password?: string } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), ...(password === undefined ? {} : { password }) };
}

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

/**
 * The client options for `url`: a password in the URL, else the secret file, else what
 * node-postgres finds itself (`PGPASSWORD`, then `~/.pgpass` or `PGPASSFILE`); host, user and
 * database default to `PG*` variables. TLS as the URL's `sslmode` says. Bounded waits, so a
 * server that hangs never holds the sync loop for long.
 */
export function clientConfig(url: string, dataDir?: string): pg.ClientConfig {
  const inUrl = url ? splitPassword(url).password : undefined;
  const password = inUrl ?? (dataDir === undefined ? undefined : readSecret(dataDir));
  return {
    // node-postgres lets the connection string's fields win over separate options: the password
    // goes into the URL, in memory only.
    ...(url ? { connectionString: withPassword(url, password) } : {}),
    ...(!url && password !== undefined ? { password } : {}),
    application_name: 'claude-mem',
    connectionTimeoutMillis: 5_000,
    query_timeout: 60_000,
    statement_timeout: 60_000,
  };
}

function withPassword(url: string, password: string | undefined): string {
  if (password === undefined) return url;
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
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
