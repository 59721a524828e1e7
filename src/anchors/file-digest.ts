import { createHash } from 'node:crypto';

/** Files over this size are not hashed: their anchors say `large` and their state is unknown. */
export const MAX_ANCHOR_BYTES = 2 * 1024 * 1024;

/** What a file's content hashes to, and its shape. */
export interface Digest {
  /** The git blob id (`git hash-object` of the file, without clean filters). */
  git: string;
  sha256: string;
  lines: number;
  binary: boolean;
}

/** `git hash-object` semantics: sha1 of `blob <length>\0` and the content. */
export function gitBlobId(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

// Git's own test: a NUL byte in the first 8000 bytes (xdiff's buffer_is_binary).
const isBinary = (content: Buffer): boolean => content.subarray(0, 8000).includes(0);

function countLines(content: Buffer): number {
  let lines = 0;
  for (let at = content.indexOf(10); at !== -1; at = content.indexOf(10, at + 1)) lines += 1;
  return content.length > 0 && content[content.length - 1] !== 10 ? lines + 1 : lines;
}

/** Both hashes, the line count and whether the content is binary. */
export function digestOf(content: Buffer): Digest {
  return {
    git: gitBlobId(content),
    sha256: createHash('sha256').update(content).digest('hex'),
    lines: countLines(content),
    binary: isBinary(content),
  };
}
