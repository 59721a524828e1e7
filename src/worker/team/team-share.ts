import { loadSettings, projectTeamShare } from '../../config/index.ts';
import type { TeamShare } from '../../domain/index.ts';

/** `team.share` for a project root: its `.claude-mem.json`, else the setting. */
export type TeamShareOf = (root: string) => TeamShare;

/**
 * Reads `team.share` afresh for each batch, unlike the settings the worker reads once at start:
 * `claude-mem config set team.share all` (or the viewer) takes effect on the next compression,
 * and turning sharing off must not wait for a restart either.
 */
export function createTeamShareOf(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): TeamShareOf {
  return function teamShareOf(root) {
    return projectTeamShare(root) ?? loadSettings(dataDir, env).settings['team.share'];
  };
}
