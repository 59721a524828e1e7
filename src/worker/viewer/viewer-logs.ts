import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { redactSecrets } from '../../privacy/index.ts';

/** The most read from the end of the log: enough for 2,000 ordinary lines. */
const TAIL_BYTES = 512 * 1024;

function readTail(file: string): { text: string; partial: boolean } {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return { text: '', partial: false };
  }
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return { text: buffer.toString('utf8'), partial: length < size };
  } finally {
    closeSync(fd);
  }
}

/**
 * The last `count` lines of the log file. The log holds no captured content by design; the
 * lines are passed through the secret redactor anyway, since the page shows them.
 */
export function tailLog(file: string, count: number): string[] {
  const { text, partial } = readTail(file);
  const lines = text.split('\n').filter((line) => line !== '');
  // The first line of a tail read from the middle of the file is cut.
  if (partial) lines.shift();
  return lines.slice(-count).map((line) => redactSecrets(line));
}
