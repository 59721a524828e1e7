import type { CliContext } from '../cli-command.ts';
import { usage } from '../cli-error.ts';
import { didYouMean } from '../suggest.ts';
import { teamInit, teamMember } from '../team/team-admin.ts';
import { teamConnect, teamDisconnect } from '../team/team-connect.ts';
import { teamMembers } from '../team/team-members.ts';
import { teamStatus } from '../team/team-status.ts';
import { contextEntry } from '../command-entry.ts';

type Subcommand = (rest: string[], deps: CliContext) => number | Promise<number>;

/** Each subcommand and what runs it, in the order `--help` and the usage error name them. */
const SUBCOMMANDS: Record<string, Subcommand> = {
  init: (rest, { print }) => teamInit(rest, print),
  'add-member': (rest, { print }) => teamMember(rest, true, print),
  'remove-member': (rest, { print }) => teamMember(rest, false, print),
  members: (rest, { print }) => teamMembers(rest, print),
  connect: (rest, { print }) => teamConnect(rest, print),
  status: (rest, { cliEntry, print }) => teamStatus(rest, print, { cliEntry }),
  disconnect: (rest, { print }) => {
    if (rest.length > 0) throw usage('team disconnect takes no arguments');
    return teamDisconnect(print);
  },
};

/** `claude-mem team <subcommand>`: team memory on PostgreSQL. */
export async function teamCommand(args: string[], deps: CliContext): Promise<number> {
  const [sub, ...rest] = args;
  const run = sub !== undefined && Object.hasOwn(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub] : undefined;
  if (run) return run(rest, deps);
  const names = Object.keys(SUBCOMMANDS);
  throw usage(
    `team ${sub ?? ''}: expected one of ${names.join(', ')}.${didYouMean(sub ?? '', names)}`,
  );
}

/** `claude-mem team`: its help, options and handler (the command table's entry). */
export const TEAM_COMMAND = contextEntry(
  'team init <admin-url> [--team NAME]',
  'Create or upgrade the team schema (numbered migrations; members write only through its functions), and the team',
  teamCommand,
  {
    flags: ['--json', '--team', '--url'],
    more: [
      {
        usage: ['team add-member <role> --url <admin-url> [--team NAME]'],
        text: "Let an existing PostgreSQL role read the team's shared memory and write its own (idempotent)",
      },
      {
        usage: ['team remove-member <role> --url <admin-url> [--team NAME]'],
        text: "Revoke it: the role reads nothing of the team's memory",
      },
      {
        usage: ['team members --url <admin-url> [--team NAME]'],
        text: "Each member's last push and pull (who is stuck)",
      },
      {
        usage: ['team connect <postgres-url> [--team NAME]'],
        text: "Sync this machine's shared memory as the URL's role (a password in the URL goes to a 0600 file, not settings; PG* variables and ~/.pgpass work too)",
      },
      {
        usage: ['team status [--json]'],
        text: 'Connected?, role, last sync, backlog, refused rows and why, a stalled sync with why and the remedy',
      },
      {
        usage: ['team disconnect'],
        text: 'Stop syncing (shared rows stay queued for a reconnect)',
      },
    ],
  },
);
