import { homedir } from 'node:os';
import { join } from 'node:path';
import { resolveProject } from '../../config/index.ts';

/** Which files install and uninstall change. */
export interface InstallTargets {
  scope: 'user' | 'project';
  settingsFile: string;
  mcpFile: string;
}

/**
 * User scope: `~/.claude/settings.json` (hooks) and `~/.claude.json` (user MCP servers).
 * Project scope (`--project`): the repository's `.claude/settings.json` and `.mcp.json`.
 */
export function installTargets(
  project: boolean,
  cwd = process.cwd(),
  home = homedir(),
): InstallTargets {
  if (!project) {
    return {
      scope: 'user',
      settingsFile: join(home, '.claude', 'settings.json'),
      mcpFile: join(home, '.claude.json'),
    };
  }
  const root = resolveProject(cwd).root;
  return {
    scope: 'project',
    settingsFile: join(root, '.claude', 'settings.json'),
    mcpFile: join(root, '.mcp.json'),
  };
}
