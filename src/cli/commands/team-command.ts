import { usage } from '../cli-error.ts';
import { didYouMean } from '../suggest.ts';
import { teamInit, teamMember } from '../team/team-admin.ts';
import { teamConnect, teamDisconnect } from '../team/team-connect.ts';
import { teamStatus } from '../team/team-status.ts';

const SUBCOMMANDS = ['init', 'add-member', 'remove-member', 'connect', 'status', 'disconnect'];

/** `claude-mem team <subcommand>`: team memory on PostgreSQL. */
export async function teamCommand(
  args: string[],
  deps: { cliEntry: string; print: (line: string) => void },
): Promise<number> {
  const [sub, ...rest] = args;
  const { print } = deps;
  switch (sub) {
    case 'init':
      return teamInit(rest, print);
    case 'add-member':
    case 'remove-member':
      return teamMember(rest, sub === 'add-member', print);
    case 'connect':
      return teamConnect(rest, print);
    case 'status':
      return teamStatus(rest, print, { cliEntry: deps.cliEntry });
    case 'disconnect':
      if (rest.length > 0) throw usage('team disconnect takes no arguments');
      return teamDisconnect(print);
    default:
      throw usage(
        `team ${sub ?? ''}: expected one of ${SUBCOMMANDS.join(', ')}.${didYouMean(sub ?? '', SUBCOMMANDS)}`,
      );
  }
}
