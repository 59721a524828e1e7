import type pg from 'pg';
import { countTeamRows, setTeamProject, teamProjects, type Db } from '../store/index.ts';
import { withClient } from './connection.ts';
import { pullTeam } from './pull.ts';
import { teamProjectOf } from './remote.ts';

/** What a first pull of one folder's project did. */
export interface FirstPull {
  project: string;
  /** Its team identity; undefined when the folder has none (no git remote, no id). */
  teamProject?: string | undefined;
  /** Teammates' memories of the project held here after the pull. */
  rows: number;
}

/**
 * Gives the local `project` (the folder at `root`) its team identity, if it has none yet, and
 * says which it is; undefined when the folder cannot be shared (no remote, no `.claude-mem.json`
 * id). The sync loop learns identities only from sessions; a new member's clone needs it before
 * its first session (issue 30, onboarding).
 */
export function claimTeamProject(db: Db, project: string, root: string): string | undefined {
  const known = teamProjects(db).find((row) => row.project === project);
  if (known) return known.team_project;
  const id = teamProjectOf(root);
  if (id) setTeamProject(db, project, id);
  return id;
}

/**
 * `team connect` in a clone: claims the folder's team project and pulls it at once, so the
 * first session there already has the team's memory. Errors are thrown (the caller says the
 * worker will pull on its next round).
 */
export async function pullFolderNow(
  db: Db,
  config: pg.ClientConfig,
  team: string,
  folder: { project: string; root: string },
): Promise<FirstPull> {
  const teamProject = claimTeamProject(db, folder.project, folder.root);
  if (!teamProject) return { project: folder.project, rows: 0 };
  await withClient(config, async (client) => {
    // Rows this role shared from another machine arrive as the user's own.
    // check_member names the login role (session_user) and says so when it is not a member.
    const { rows } = await client.query<{ role: string }>(
      'SELECT claude_mem.check_member($1) AS role',
      [team],
    );
    await pullTeam({ db, client, team, now: Date.now, only: folder.project, me: rows[0]?.role });
  });
  return { project: folder.project, teamProject, rows: countTeamRows(db, folder.project) };
}
