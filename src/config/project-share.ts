import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEAM_SHARES, isOneOf, type TeamShare } from '../domain/index.ts';

/**
 * The project's own `team.share`, from `{"team": {"share": "..."}}` in `.claude-mem.json` at its
 * root (the file that already names the project), so a repository can decide for everyone who
 * clones it. Undefined when the file, the key or a valid value is missing: the setting applies.
 */
export function projectTeamShare(root: string): TeamShare | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(root, '.claude-mem.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const team = (parsed as { team?: unknown } | null)?.team;
  const share = (team as { share?: unknown } | null | undefined)?.share;
  return isOneOf(TEAM_SHARES, share) ? share : undefined;
}
