import {
  addMember,
  clientConfig,
  initTeam,
  isPostgresUrl,
  refusedUrl,
  removeMember,
  withClient,
} from '../../team/index.ts';
import { usage } from '../cli-error.ts';
import { parseWithPositionals } from '../parse-options.ts';

const ADMIN_OPTIONS = { url: { type: 'string' }, team: { type: 'string' } } as const;

/** A team name: what the settings accept and the group role is named after. */
export function teamName(value: string | undefined): string {
  const team = value ?? 'default';
  if (!/^[a-z0-9_]{1,40}$/.test(team)) {
    throw usage(`--team "${team}": expected 1 to 40 lowercase letters, digits or _`);
  }
  return team;
}

/** The admin URL, checked without ever echoing it (it holds the admin's password). */
export function adminUrl(url: string): string {
  if (!isPostgresUrl(url)) throw usage(`expected a postgres:// admin URL, got ${refusedUrl(url)}`);
  return url;
}

function parse(args: string[]) {
  return parseWithPositionals(args, ADMIN_OPTIONS);
}

/** `team init <admin-url> [--team NAME]`: schema and team, idempotent. */
export async function teamInit(args: string[], print: (line: string) => void): Promise<number> {
  const { values, positionals } = parse(args);
  const url = positionals[0] ?? values.url;
  if (!url || positionals.length > 1) throw usage('team init takes one PostgreSQL admin URL');
  const team = teamName(values.team);
  const applied = await withClient(clientConfig(adminUrl(url)), (client) => initTeam(client, team));
  print(
    applied.length > 0
      ? `team schema created (server migrations ${applied.join(', ')} applied); team "${team}" ready`
      : `team schema already up to date; team "${team}" ready`,
  );
  print(
    `next: claude-mem team add-member <role> --url <admin-url>${team === 'default' ? '' : ` --team ${team}`}`,
  );
  return 0;
}

/** `team add-member|remove-member <role> --url <admin-url> [--team NAME]`. */
export async function teamMember(
  args: string[],
  add: boolean,
  print: (line: string) => void,
): Promise<number> {
  const { values, positionals } = parse(args);
  const [role, extra] = positionals;
  const verb = add ? 'add-member' : 'remove-member';
  if (!role || extra !== undefined || !values.url) {
    throw usage(`team ${verb} takes a role and --url <admin-url>`);
  }
  const team = teamName(values.team);
  await withClient(clientConfig(adminUrl(values.url)), (client) =>
    add ? addMember(client, team, role) : removeMember(client, team, role),
  );
  print(
    add
      ? `${role} is a member of team "${team}": it reads the team's shared memory and writes its own`
      : `${role} is no longer a member of team "${team}": it reads nothing of the team's memory more`,
  );
  return 0;
}
