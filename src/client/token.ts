import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tokenFile } from '../config/index.ts';

/**
 * The per-install token that mutating worker endpoints require, created once (0600) by whoever
 * needs it first. The value is written to a temp file and hard-linked into place, so concurrent
 * creators agree on one value and no reader ever sees an empty file.
 */
export function readOrCreateToken(dataDir: string): string {
  const file = tokenFile(dataDir);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, randomBytes(24).toString('hex'), { mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch {
      // Another process linked its token first: use theirs.
    } finally {
      unlinkSync(temp);
    }
    return readFileSync(file, 'utf8').trim();
  }
}
