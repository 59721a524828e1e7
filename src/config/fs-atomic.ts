import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { uniqueId } from './unique-id.ts';

/**
 * Writes a file so that readers see either nothing or the whole content: a temp file in the same
 * folder, fsync, then rename. `sync: false` skips the fsync where durability does not matter.
 */
export function writeFileAtomic(file: string, content: string, mode = 0o600, sync = true): void {
  const temp = `${file}.${uniqueId()}.tmp`;
  const fd = openSync(temp, 'wx', mode);
  try {
    writeSync(fd, content);
    if (sync) fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    // A full disk: the cut-short temp file would hold on to what little space is left.
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temp, file);
}
