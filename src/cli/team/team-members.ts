import { clientConfig, initTeam, listMembers, withClient } from '../../team/index.ts';
import type { MemberActivity } from '../../team/index.ts';
import { usage } from '../cli-error.ts';
import { parseWithPositionals } from '../parse-options.ts';
import { adminUrl, teamName } from './team-admin.ts';

const MEMBERS_OPTIONS = { url: { type: 'string' }, team: { type: 'string' } } as const;

/** A time as the admin reads it: ISO, and how long ago. */
function ago(at: number | null, now: number): string {
  if (at === null) return 'never';
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  const span =
    seconds < 120
      ? `${seconds} s`
      : seconds < 7200
        ? `${Math.round(seconds / 60)} min`
        : `${Math.round(seconds / 3600)} h`;
  return `${new Date(at).toISOString()} (${span} ago)`;
}

/** The member lines: one per role, its last push and pull as the server recorded them. */
export function formatMembers(team: string, members: MemberActivity[], now: number): string[] {
  if (members.length === 0) {
    return [`team "${team}" has no members (claude-mem team add-member <role> --url <admin-url>)`];
  }
  return [
    `team "${team}": ${members.length} member${members.length === 1 ? '' : 's'}`,
    ...members.map(
      (m) =>
        `  ${m.role}: last push ${ago(m.lastPushAt, now)}, last pull ${ago(m.lastPullAt, now)}`,
    ),
  ];
}

/**
 * `team members --url <admin-url> [--team NAME]` (admin): each member's last push and pull, so
 * an admin sees who is stuck. Brings the schema up to date first (the activity is recorded by
 * the member functions of migration 2).
 */
export async function teamMembers(args: string[], print: (line: string) => void): Promise<number> {
  const { values, positionals } = parseWithPositionals(args, MEMBERS_OPTIONS);
  if (positionals.length > 0 || !values.url) throw usage('team members takes --url <admin-url>');
  const team = teamName(values.team);
  const members = await withClient(clientConfig(adminUrl(values.url)), async (client) => {
    await initTeam(client, team);
    return listMembers(client, team);
  });
  formatMembers(team, members, Date.now()).forEach((line) => print(line));
  return 0;
}
