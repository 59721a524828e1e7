import type { AnchorVerdict } from '../domain/index.ts';

/** An observation's anchor verdict as the worker returns it. */
export type AnchorItem = AnchorVerdict;

const fileText = (file: AnchorItem['files'][number]): string => {
  const moved = file.movedTo ? ` (now ${file.movedTo})` : '';
  const delta =
    file.lineDelta === undefined
      ? ''
      : ` (${file.lineDelta >= 0 ? '+' : ''}${file.lineDelta} lines)`;
  return `${file.path}${moved}${delta}`;
};

const filesIn = (anchor: AnchorItem, state: string): string =>
  anchor.files
    .filter((file) => file.state === state)
    .map(fileText)
    .join(', ');

/** ` [code changed: b.ts]` after a search line whose code is not as it was, else nothing. */
export function anchorTag(anchor: AnchorItem | null | undefined): string {
  if (anchor?.state !== 'changed' && anchor?.state !== 'gone') return '';
  return `  [code ${anchor.state}: ${filesIn(anchor, anchor.state)}]`;
}

/** The line of a full record that says whether its code is still as it was. */
export function anchorLine(anchor: AnchorItem | null | undefined): string[] {
  if (!anchor) return [];
  switch (anchor.state) {
    case 'fresh':
      return ['Code: unchanged since this was recorded.'];
    case 'changed':
      return [
        `Code: CHANGED since this was recorded: ${filesIn(anchor, 'changed')}. Re-read before relying on it.`,
      ];
    case 'gone':
      return [`Code: GONE since this was recorded: ${filesIn(anchor, 'gone')}.`];
    default:
      return ['Code: cannot be checked on this machine.'];
  }
}
