import { usage } from '../cli-error.ts';
import { didYouMean } from '../suggest.ts';
import { teamInit, teamMember } from '../team/team-admin.ts';
import { teamConnect, teamDisconnect } from '../team/team-connect.ts';
import { teamMembers } from '../team/team-members.ts';
import { teamStatus } from '../team/team-status.ts';

type Print = (line: string) => void;
type Subcommand = (
  rest: string[],
  deps: { cliEntry: string; print: Print },
) => number | Promise<number>;

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
export async function teamCommand(
  args: string[],
  deps: { cliEntry: string; print: Print },
): Promise<number> {
  const [sub, ...rest] = args;
  const run = sub !== undefined && Object.hasOwn(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub] : undefined;
  if (run) return run(rest, deps);
  const names = Object.keys(SUBCOMMANDS);
  throw usage(
    `team ${sub ?? ''}: expected one of ${names.join(', ')}.${didYouMean(sub ?? '', names)}`,
  );
}
