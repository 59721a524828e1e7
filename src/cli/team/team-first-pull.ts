import { databaseFile, resolveProject } from '../../config/index.ts';
import { openDatabase } from '../../store/index.ts';
import { clientConfig, pullFolderNow } from '../../team/index.ts';

/**
 * `team connect` run in a clone: pulls that folder's team project at once (onboarding, issue
 * 30), so the first session there starts with the team's memory rather than the one after. A
 * failure is told, not fatal: the connection is saved and the worker pulls on its next round.
 */
export async function pullFolderAtConnect(
  target: { dataDir: string; url: string; team: string; cwd: string },
  print: (line: string) => void,
): Promise<void> {
  const folder = resolveProject(target.cwd);
  const db = openDatabase(databaseFile(target.dataDir));
  try {
    const pulled = await pullFolderNow(db, clientConfig(target.url, target.dataDir), target.team, {
      project: folder.name,
      root: folder.root,
    });
    print(
      pulled.teamProject === undefined
        ? `${folder.root} has no git remote and no .claude-mem.json id: nothing of it to pull (its memory is shared with the team from its first session)`
        : `pulled the team's memory of ${pulled.teamProject} into project ${pulled.project}: ${pulled.rows} shared memories`,
    );
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    print(`could not pull ${folder.name} now (${why}); the worker pulls it on its next round`);
  } finally {
    db.close();
  }
}
