import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/**
 * How a person gets the `claude-mem` and `claude-mem-hook` commands onto PATH. Nothing is
 * published on the npm registry (`npm install -g @durable-mem/claude-mem` answers 404, and
 * `claude-mem` there is the incumbent's project), so the commands come from a clone.
 */
export const INSTALL_HINT = 'in a clone of claude-mem, run "npm install && npm link"';

/** Whether `bin` is a file in one of the `path` folders (what a shell would find). */
export function onPath(bin: string, path = process.env.PATH ?? ''): boolean {
  const names = process.platform === 'win32' ? [`${bin}.cmd`, bin] : [bin];
  return path
    .split(delimiter)
    .filter((dir) => dir !== '')
    .some((dir) => names.some((name) => existsSync(join(dir, name))));
}

/**
 * How to type the `claude-mem` command here: its name when on PATH, else `node` on this
 * package's bin (a clone before `npm link`), so a printed hint always works when pasted.
 */
export function selfCommand(cliEntry: string, path = process.env.PATH ?? ''): string {
  if (onPath('claude-mem', path)) return 'claude-mem';
  return `node ${JSON.stringify(join(dirname(cliEntry), '..', 'bin', 'claude-mem.mjs'))}`;
}
