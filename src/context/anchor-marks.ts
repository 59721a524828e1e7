import type { AnchorState } from '../anchors/index.ts';
import type { IndexEntry } from '../store/index.ts';

/** Marks an observation whose code changed since it was made. */
export const CHANGED_MARK = '⚠';
/** Marks a pinned observation whose files are gone (unpinned ones leave the context). */
export const GONE_MARK = '✗';

/** Marks a hypothesis: stated, never checked by a passing test, a commit or the user (issue 34). */
export const GUESS_MARK = '?';
/** Marks a memory older than another result on the same subject (issue 34). */
export const OLDER_MARK = '↓';

/** Adds `mark` to an observation's marks (after an anchor mark it may already have). */
export function addMark(marks: Map<number, string>, id: number, mark: string): void {
  const had = marks.get(id);
  marks.set(id, had ? `${had} ${mark}` : mark);
}

/** The anchor states of these observations (ids without anchors may be absent). */
export type AnchorStates = (ids: readonly number[]) => ReadonlyMap<number, AnchorState>;

/** Candidates after their anchors had their say, and the mark of each marked one. */
export interface Anchored {
  entries: IndexEntry[];
  marks: Map<number, string>;
}

/** Drops the gone ones unless pinned, and marks the changed ones (and the pinned gone ones). */
export function applyAnchorStates(entries: readonly IndexEntry[], states?: AnchorStates): Anchored {
  const stateOf = states?.(entries.map((entry) => entry.id)) ?? new Map<number, AnchorState>();
  const marks = new Map<number, string>();
  const kept = entries.filter((entry) => {
    const state = stateOf.get(entry.id);
    if (state === 'changed') marks.set(entry.id, CHANGED_MARK);
    if (state === 'gone' && entry.pinned) marks.set(entry.id, GONE_MARK);
    return state !== 'gone' || entry.pinned === 1;
  });
  return { entries: kept, marks };
}

/** The legend's words for the marks in use, or undefined when none is. */
export function marksLegend(marks: ReadonlyMap<number, string>): string | undefined {
  // An agent's name may follow the marks (`⚠ ? [codex]`, agent-marks.ts).
  const used = new Set([...marks.values()].flatMap((mark) => mark.split(' ')));
  const parts = [
    used.has(CHANGED_MARK)
      ? `${CHANGED_MARK} = its code changed since: re-read before relying on it`
      : '',
    used.has(GONE_MARK) ? `${GONE_MARK} = its files are gone` : '',
    used.has(GUESS_MARK) ? `${GUESS_MARK} = a hypothesis: stated, not verified` : '',
    used.has(OLDER_MARK) ? `${OLDER_MARK} = older than another memory on the same subject` : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join('  ') : undefined;
}
