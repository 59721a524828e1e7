import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './env.ts';

/** A real PostgreSQL server in a temp folder on a free loopback port, owned by one test. */
export interface PostgresServer {
  port: number;
  /** The superuser's URL of the `team` database (password in it: only tests use it). */
  adminUrl: string;
  /** A URL of the `team` database for `role`, password `password`. */
  urlFor(role: string, password?: string): string;
  /** Runs SQL as the superuser through psql and returns its unaligned, tuple-only output. */
  sql(text: string): string;
  /** Stops the server (fast shutdown: open connections are cut). */
  stop(): void;
  /** Starts it again on the same port and data. */
  start(): void;
}

const ADMIN_PASSWORD = 'admin-pw';

/**
 * The folder of PostgreSQL's server programs: Debian's `postgresql` package puts them in
 * /usr/lib/postgresql/<major>/bin, not on PATH; elsewhere they may be on PATH. Undefined when
 * there is none at all (the tests that need one skip, saying so).
 */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const major of majors) {
    if (existsSync(join(root, major, 'bin', 'pg_ctl'))) return join(root, major, 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

/** Why the PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresMissing(): string | undefined {
  return postgresBin() === undefined
    ? 'no PostgreSQL server programs (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or on PATH: install Debian\'s "postgresql" package'
    : undefined;
}

const isRoot = process.getuid?.() === 0;

function runuserPath(): string {
  const found = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find(existsSync);
  if (!found)
    throw new Error('running as root, but runuser is missing to run PostgreSQL as postgres');
  return found;
}

/** PostgreSQL refuses to run as root: as root its programs run as the `postgres` user. */
function run(bin: string, program: string, args: string[]): string {
  const [command, argv] = isRoot
    ? [runuserPath(), ['-u', 'postgres', '--', join(bin, program), ...args]]
    : [join(bin, program), args];
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) {
    throw new Error(
      `${program} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/** A folder the server's user may write: as root, owned by postgres in a folder it can reach. */
function serverDir(): string {
  if (!isRoot) return mkdtempSync(join(tmpdir(), 'claude-mem-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  // CI's TMPDIR is a root-only (0700) folder that postgres cannot enter: /tmp is the fallback.
  for (const base of [tmpdir(), '/tmp']) {
    const dir = mkdtempSync(join(base, 'cm-pg-'));
    chownSync(dir, uid, gid);
    const reachable = spawnSync(runuserPath(), ['-u', 'postgres', '--', 'test', '-w', dir]);
    if (reachable.status === 0) return dir;
    rmSync(dir, { recursive: true, force: true });
  }
  throw new Error('no temp folder the postgres user can write');
}

/**
 * Starts a PostgreSQL server for one test (initdb with scram passwords over TCP, fsync off) and
 * creates the database `team`; it is stopped and its folder removed when the test ends.
 */
export async function startPostgres(t: {
  after(fn: () => void | Promise<void>): void;
}): Promise<PostgresServer> {
  const bin = postgresBin();
  if (!bin) throw new Error(postgresMissing());
  const dir = serverDir();
  const data = join(dir, 'data');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, `${ADMIN_PASSWORD}\n`);
  chmodSync(pwfile, 0o644);
  const port = await freePort();
  let running = false;
  const stop = (): void => {
    if (!running) return;
    run(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    running = false;
  };
  t.after(() => {
    try {
      stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  run(bin, 'initdb', [
    '-D',
    data,
    '-U',
    'admin',
    `--pwfile=${pwfile}`,
    '--auth-host=scram-sha-256',
    '--auth-local=trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  const start = (): void => {
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -F -c max_connections=200`;
    run(bin, 'pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start']);
    running = true;
  };
  start();
  const sql = (text: string): string =>
    run(bin, 'psql', [
      '-h',
      dir,
      '-p',
      String(port),
      '-U',
      'admin',
      '-d',
      'team',
      '-v',
      'ON_ERROR_STOP=1',
      '-At',
      '-c',
      text,
    ]);
  run(bin, 'createdb', ['-h', dir, '-p', String(port), '-U', 'admin', 'team']);
  const urlFor = (role: string, password = `${role}-pw`): string =>
    `postgres://${role}:${password}@127.0.0.1:${port}/team`;
  return { port, adminUrl: urlFor('admin', ADMIN_PASSWORD), urlFor, sql, stop, start };
}
