import { detailTokensOf, estimateTokens } from '../domain/index.ts';
import { applyAnchorStates, marksLegend, type AnchorStates } from './anchor-marks.ts';
import { PIN_ICON, iconOf } from './type-icons.ts';
import { clip, dayOf, timeOf } from './text.ts';
import type { Budget } from './format.ts';

/** An observation as a recall line shows it (the index's columns). */
export interface RecallEntry {
  id: number;
  type: string;
  title: string;
  pinned: number;
  created_at: number;
  detail_chars: number;
  /** A teammate's name when the memory was pulled from the team; null for this machine's own. */
  author?: string | null | undefined;
}

/** Limits of one recall block: the context's, with a count of items for its observations. */
export type RecallBudget = Omit<Budget, 'maxObservations'> & { maxItems: number };

const OPEN = '<claude-mem-recall>';
const CLOSE = '</claude-mem-recall>';

/**
 * `#123 2026-11-02 14:05 🔴 Fix the spool race (~120)`: the index's line, with its day, since a
 * recall block is not grouped by day; a teammate's memory says whose it is (`[by alice]`), so
 * their words never read as the user's own.
 */
export function recallLine(entry: RecallEntry, titleChars = 120, mark?: string): string {
  const pin = entry.pinned ? ` ${PIN_ICON}` : '';
  const when = `${dayOf(entry.created_at)} ${timeOf(entry.created_at)}${pin}`;
  const title = clip(entry.title, titleChars);
  const icon = mark ? `${iconOf(entry.type)} ${mark}` : iconOf(entry.type);
  const by = entry.author ? ` [by ${clip(entry.author, 40)}]` : '';
  return `#${entry.id} ${when} ${icon} ${title}${by} (~${detailTokensOf(entry.detail_chars)})`;
}

/**
 * Drops the entries whose files are gone (unless pinned) and marks those whose code changed
 * since, as the SessionStart index does: a memory of code that changed is worse than none
 * unless it says so.
 */
export function applyAnchors<T extends RecallEntry>(
  entries: readonly T[],
  states?: AnchorStates,
): { entries: T[]; marks: Map<number, string> } {
  const anchored = applyAnchorStates(
    entries.map((entry) => ({ ...entry, session_row_id: null })),
    states,
  );
  const kept = new Set(anchored.entries.map((entry) => entry.id));
  return { entries: entries.filter((entry) => kept.has(entry.id)), marks: anchored.marks };
}

/**
 * Pinned and one's own before teammates' (the order among each kept): what the user wrote is
 * recalled before what a teammate shared, unless the teammate's is pinned.
 */
export function ownFirst<T extends RecallEntry>(entries: readonly T[]): T[] {
  const teammate = (entry: T): number => (entry.author && !entry.pinned ? 1 : 0);
  return [...entries].sort((a, b) => teammate(a) - teammate(b));
}

/** The rendered block and the ids it holds (empty text when none fit). */
export interface RecallBlock {
  text: string;
  ids: number[];
  /** Why each injected memory was chosen, in the order of `ids` (issue 32). */
  reasons?: RecallReason[];
}

/** Why one injected memory passed the moment's relevance test. */
export interface RecallReason {
  id: number;
  reason: string;
}

/**
 * A recall block: `<claude-mem-recall>`, a heading, whole lines in the given order while the
 * item count, token budget and byte cap hold, the closing tag. Never cuts a line.
 */
export function renderRecall(
  heading: string,
  entries: readonly RecallEntry[],
  budget: RecallBudget,
  options: { titleChars?: number; marks?: ReadonlyMap<number, string> } = {},
): RecallBlock {
  const marks = options.marks ?? new Map<number, string>();
  // The legend is reserved for every mark and shown only for those that made it in.
  const reserved = marksLegend(marks);
  const lines = [OPEN, heading];
  const ids: number[] = [];
  const size = (extra: string) => [...lines, reserved ?? '', extra, CLOSE].join('\n');
  for (const entry of entries) {
    if (ids.length >= budget.maxItems) break;
    const line = recallLine(entry, options.titleChars, marks.get(entry.id));
    const text = size(line);
    if (Buffer.byteLength(text) > budget.maxBytes || estimateTokens(text) > budget.maxTokens) break;
    lines.push(line);
    ids.push(entry.id);
  }
  if (ids.length === 0) return { text: '', ids };
  const shown = new Map(ids.flatMap((id) => (marks.has(id) ? [[id, marks.get(id) ?? '']] : [])));
  const legend = marksLegend(shown);
  if (legend) lines.splice(2, 0, `Legend: ${legend}`);
  return { text: [...lines, CLOSE].join('\n'), ids };
}
