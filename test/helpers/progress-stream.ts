import type { ProgressStream } from '../../src/cli/backfill/progress.ts';

/** A progress stream that keeps what it is sent: all of it, or its lines; `isTTY` plays a terminal. */
export function recordingProgressStream(
  isTTY: boolean,
): ProgressStream & { text(): string; lines(): string[] } {
  let out = '';
  return {
    isTTY,
    write: (text: string) => (out += text),
    text: () => out,
    lines: () => out.trimEnd().split('\n'),
  };
}
