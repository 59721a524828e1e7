import { dataDirFrom, ensureDataDir, loadSettings, saveSetting } from '../../config/index.ts';
import {
  clientConfig,
  isPostgresUrl,
  refusedUrl,
  saveTeamSecret,
  splitPassword,
  teamRole,
  withClient,
} from '../../team/index.ts';
import { CliError, usage } from '../cli-error.ts';
import { parseWithPositionals } from '../parse-options.ts';
import { teamName } from './team-admin.ts';
import { pullFolderAtConnect } from './team-first-pull.ts';

const CONNECT_OPTIONS = { team: { type: 'string' } } as const;

/**
 * Checks that `url`'s role reaches the team's schema and is a member, and that the server's
 * schema has the member functions (an older one is named, with the upgrade); returns the role.
 */
async function checkMembership(url: string, dataDir: string, team: string): Promise<string> {
  return withClient(clientConfig(url, dataDir), async (client) => {
    // pg_roles is readable by every role: the team's group role says whether the team exists.
    const { rows } = await client.query<{ role: string; team: boolean; member: boolean }>(
      `SELECT current_user AS role, EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS team,
         EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1 AND pg_has_role(current_user, oid, 'MEMBER')) AS member`,
      [teamRole(team)],
    );
    const row = rows[0];
    if (!row?.team) {
      throw new CliError(
        `this database has no team "${team}": run "claude-mem team init <admin-url> --team ${team}" first`,
      );
    }
    if (!row.member) {
      throw new CliError(
        `role ${row.role} is not a member of team "${team}": ask an admin to run "claude-mem team add-member ${row.role} --url <admin-url> --team ${team}"`,
      );
    }
    const functions = await client.query<{ f: string | null }>(
      `SELECT to_regprocedure('claude_mem.check_member(text)') AS f`,
    );
    if (functions.rows[0]?.f === null) {
      throw new CliError(
        'the team server\'s schema is older than this claude-mem: ask an admin to run "claude-mem team init <admin-url>" to upgrade it',
      );
    }
    await client.query('SELECT claude_mem.check_member($1)', [team]);
    return row.role;
  });
}

/**
 * `team connect <postgres-url> [--team NAME]`: checks the connection and membership, then saves
 * the URL without its password (`team.url`) and the password, if the URL held one, in the 0600
 * file `team-secret`, and pulls the project of the folder it runs in at once. The worker syncs
 * everything else from its next round.
 */
export async function teamConnect(
  args: string[],
  print: (line: string) => void,
  env = process.env,
  cwd = process.cwd(),
): Promise<number> {
  const parsed = parseWithPositionals(args, CONNECT_OPTIONS);
  const [url, extra] = parsed.positionals;
  if (!url || extra !== undefined) throw usage('team connect takes one postgres:// URL');
  // Never echoed: a URL pasted here may carry a password, whatever its scheme.
  if (!isPostgresUrl(url)) throw usage(`expected a postgres:// URL, got ${refusedUrl(url)}`);
  const team = teamName(parsed.values.team);
  const dataDir = dataDirFrom(env);
  ensureDataDir(dataDir);
  const role = await checkMembership(url, dataDir, team);
  const { url: bare, password } = splitPassword(url);
  if (password !== undefined) saveTeamSecret(dataDir, password);
  for (const [key, value] of [
    ['team.url', bare],
    ['team.name', team],
  ] as const) {
    const saved = saveSetting(dataDir, key, JSON.stringify(value));
    if (!saved.ok) throw new CliError(saved.message);
  }
  const every = loadSettings(dataDir, env).settings['team.syncEveryMs'];
  print(
    `connected to team "${team}" as ${role}; the worker syncs shared memory every ${every / 1000} s`,
  );
  print(
    password === undefined
      ? 'no password saved (PGPASSWORD or ~/.pgpass will be used)'
      : 'the password is kept in team-secret (mode 0600), not in settings.json',
  );
  await pullFolderAtConnect({ dataDir, url, team, cwd }, print);
  return 0;
}

/** `team disconnect`: stops syncing; what is shared stays queued for a later connect. */
export function teamDisconnect(print: (line: string) => void, env = process.env): number {
  const dataDir = dataDirFrom(env);
  const saved = saveSetting(dataDir, 'team.url', '""');
  if (!saved.ok) throw new CliError(saved.message);
  saveTeamSecret(dataDir, undefined);
  print(
    'disconnected from the team: nothing syncs now; rows you share stay queued until you connect again',
  );
  return 0;
}
