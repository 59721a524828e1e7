/** Lines of shared context kept next to an edit's change, so the model sees where it is. */
const CONTEXT_LINES = 1;

const marker = (lines: number): string => `…[${lines} lines the same in old and new]…`;

/**
 * An Edit's old and new text without the lines both share at the start and at the end (Claude
 * Code's Edit needs a unique anchor, so agents repeat whole blocks around a one-line change),
 * keeping one line of context on each side and a marker saying how many lines were left out.
 * The change itself is never touched.
 */
export function trimSharedLines(before: string, after: string): { before: string; after: string } {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a.at(-1 - tail) === b.at(-1 - tail))
    tail += 1;
  const cutHead = Math.max(0, head - CONTEXT_LINES);
  const cutTail = Math.max(0, tail - CONTEXT_LINES);
  // A marker line costs about as much as two short lines: not worth it for less.
  if (cutHead + cutTail < 3) return { before, after };
  const trim = (lines: string[]): string =>
    [
      ...(cutHead > 0 ? [marker(cutHead)] : []),
      ...lines.slice(cutHead, lines.length - cutTail),
      ...(cutTail > 0 ? [marker(cutTail)] : []),
    ].join('\n');
  return { before: trim(a), after: trim(b) };
}

/**
 * Text without what carries nothing: trailing spaces, runs of blank lines, and the padding of
 * the line numbers Claude Code's Read puts before each line (`     12→`).
 */
export function compactText(text: string): string {
  return text
    .replace(/[ \t]+$/gm, '')
    .replace(/^ +(\d+→)/gm, '$1')
    .replace(/\n{3,}/g, '\n\n');
}
