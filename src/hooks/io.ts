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

/** The neutral answer: let Claude Code go on, show nothing. */
export const NEUTRAL = { continue: true, suppressOutput: true } as const;

/** A hook's answer: neutral, or with context for the model. */
export type HookOutput =
  | typeof NEUTRAL
  | {
      continue: true;
      suppressOutput: true;
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };

/** Writes the hook's one JSON answer and resolves once it is flushed. */
export function writeOutput(output: HookOutput, stdout: Writable = process.stdout): Promise<void> {
  return new Promise((resolve) => {
    stdout.write(`${JSON.stringify(output)}\n`, () => resolve());
  });
}
