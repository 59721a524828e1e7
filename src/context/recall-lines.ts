import { estimateTokens } from '../search/index.ts';
import { PIN_ICON, iconOf } from './type-icons.ts';
import { clip, dayOf, timeOf } from './text.ts';

/** An observation as a recall line shows it (the index's columns). */
export interface RecallEntry {
  id: number;
  type: string;
  title: string;
  pinned: number;
  created_at: number;
  detail_chars: number;
}

/** Limits of one recall block. */
export interface RecallBudget {
  maxItems: number;
  maxTokens: number;
  maxBytes: number;
}

const OPEN = '<claude-mem-recall>';
const CLOSE = '</claude-mem-recall>';

/**
 * `#123 2026-11-02 14:05 🔴 Fix the spool race (~120)`: the index's line, with its day, since a
 * recall block is not grouped by day.
 */
export function recallLine(entry: RecallEntry, titleChars = 120): string {
  const pin = entry.pinned ? ` ${PIN_ICON}` : '';
  const when = `${dayOf(entry.created_at)} ${timeOf(entry.created_at)}${pin}`;
  const title = clip(entry.title, titleChars);
  return `#${entry.id} ${when} ${iconOf(entry.type)} ${title} (~${estimateTokens(entry.detail_chars)})`;
}

/** The rendered block and the ids it holds (empty text when none fit). */
export interface RecallBlock {
  text: string;
  ids: number[];
}

/**
 * A recall block: `<claude-mem-recall>`, a heading, whole lines in the given order while the
 * item count, token budget and byte cap hold, the closing tag. Never cuts a line.
 */
export function renderRecall(
  heading: string,
  entries: readonly RecallEntry[],
  budget: RecallBudget,
  titleChars?: number,
): RecallBlock {
  const lines = [OPEN, heading];
  const ids: number[] = [];
  const size = (extra: string) => [...lines, extra, CLOSE].join('\n');
  for (const entry of entries) {
    if (ids.length >= budget.maxItems) break;
    const line = recallLine(entry, titleChars);
    const text = size(line);
    if (Buffer.byteLength(text) > budget.maxBytes || estimateTokens(text) > budget.maxTokens) break;
    lines.push(line);
    ids.push(entry.id);
  }
  return ids.length === 0 ? { text: '', ids } : { text: [...lines, CLOSE].join('\n'), ids };
}
