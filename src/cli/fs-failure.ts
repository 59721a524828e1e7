import { dataDirFrom } from '../config/index.ts';
import { CliError } from './cli-error.ts';

const WHAT: Record<string, string> = {
  ENOTDIR: 'is a file, or lies under a file, not a folder',
  EEXIST: 'is a file, not a folder',
  EACCES: 'cannot be written by you (permission denied)',
  EPERM: 'cannot be written by you (operation not permitted)',
  EROFS: 'is on a read-only file system',
  ENOSPC: 'is on a full disk',
  ENOENT: 'cannot be created there (a folder on its way is missing or takes no new folders)',
};

/**
 * A file-system error on the data folder in our words (node's text is `ENOTDIR: not a
 * directory, mkdir ...`): which folder, what is wrong with it, and what to do. Anything else is
 * returned as it was.
 */
export function fsFailure(error: unknown, env = process.env): unknown {
  const { code, path } = error as NodeJS.ErrnoException;
  const what = code === undefined ? undefined : WHAT[code];
  if (what === undefined || typeof path !== 'string') return error;
  const dataDir = dataDirFrom(env);
  const inside =
    path === dataDir || path.startsWith(`${dataDir}/`) || dataDir.startsWith(`${path}/`);
  const subject = inside ? `the data folder ${dataDir}` : path;
  const named = path === dataDir || !inside ? '' : ` (at ${path})`;
  return new CliError(
    `${subject}${named} ${what}: claude-mem needs a folder it can write there; fix it, or point CLAUDE_MEM_DATA_DIR at another folder (for example CLAUDE_MEM_DATA_DIR=~/.claude-mem)`,
  );
}
