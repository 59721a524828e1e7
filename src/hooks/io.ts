import { readSync, writeSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';

/** What reading stdin gave: the text, and whether it was cut at the cap or timed out. */
export interface StdinText {
  text: string;
  overflow: boolean;
  timedOut: boolean;
}

/**
 * Reads all of stdin as UTF-8, keeping at most `maxBytes` (the rest is drained and dropped so
 * the writer never blocks) and giving up after `timeoutMs` in case the pipe is never closed.
 * Never rejects.
 */
export function readStdin(
  stdin: Readable = process.stdin,
  maxBytes = 32 * 1024 * 1024,
  timeoutMs = 10_000,
): Promise<StdinText> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    const finish = (timedOut: boolean): void => {
      clearTimeout(timer);
      stdin.removeAllListeners('data');
      stdin.pause();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), overflow, timedOut });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    stdin.on('data', (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size <= maxBytes) chunks.push(buffer);
      else overflow = true;
    });
    stdin.once('end', () => finish(false));
    stdin.once('error', () => finish(false));
  });
}

/**
 * Reads fd 0 synchronously to its end. Creating `process.stdin` costs a hook ~3 ms of its
 * start-up, which is most of its budget over bare node. Returns undefined when the fd cannot be
 * read this way (a non-blocking stdin: EAGAIN), and the caller falls back to the stream.
 * The 10 s guard of the stream path does not apply here; Claude Code's own hook timeout does.
 */
export function readStdinSync(maxBytes = 32 * 1024 * 1024, fd = 0): StdinText | undefined {
  const chunks: Buffer[] = [];
  const buffer = Buffer.allocUnsafe(1 << 16);
  let size = 0;
  for (;;) {
    let read: number;
    try {
      read = readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' && size === 0) return undefined;
      if (code === 'EAGAIN' || code === 'EOF' || code === 'EBADF') break;
      throw error;
    }
    if (read === 0) break;
    size += read;
    if (size <= maxBytes) chunks.push(Buffer.from(buffer.subarray(0, read)));
  }
  return {
    text: Buffer.concat(chunks).toString('utf8'),
    overflow: size > maxBytes,
    timedOut: false,
  };
}

/** The neutral answer: let Claude Code go on, show nothing. */
export const NEUTRAL = { continue: true, suppressOutput: true } as const;

/**
 * A hook's answer: neutral, or with context for the model; `systemMessage` (a field of every
 * Claude Code hook answer, shown to the user) names captured events being lost (a full disk).
 */
export type HookOutput = (
  | typeof NEUTRAL
  | {
      continue: true;
      suppressOutput: true;
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    }
) & { systemMessage?: string };

/**
 * Writes the hook's one JSON answer and resolves once it is flushed. Without an injected stream
 * it writes fd 1 directly (creating `process.stdout` costs start-up time), falling back to the
 * stream if the fd is non-blocking and full.
 */
export function writeOutput(
  output: HookOutput | Record<string, unknown>,
  stdout?: Writable,
): Promise<void> {
  const line = `${JSON.stringify(output)}\n`;
  if (!stdout) {
    try {
      writeSync(1, line);
      return Promise.resolve();
    } catch {
      stdout = process.stdout;
    }
  }
  const stream = stdout;
  return new Promise((resolve) => {
    stream.write(line, () => resolve());
  });
}
