import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
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
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
}
