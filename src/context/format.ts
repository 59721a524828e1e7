import type { IndexEntry, SummaryRow } from '../store/index.ts';
import { detailTokensOf, estimateTokens } from '../domain/index.ts';
import type { ContextData } from './select.ts';
import { marksLegend } from './anchor-marks.ts';
import { PIN_ICON, iconOf, legendLine } from './type-icons.ts';
import { clip, dayOf, stampOf, timeOf } from './text.ts';

/** Claude Code cuts additionalContext over about 10 KB to a preview: stay well below. */
export const MAX_CONTEXT_BYTES = 8000;

/** Limits of one context. */
export interface Budget {
  maxTokens: number;
  maxObservations: number;
  maxBytes: number;
}

const OPEN = '<claude-mem-context>';
const CLOSE = '</claude-mem-context>';
const TITLE_CHARS = 120;
const HOW_TO_FETCH =
  'Details: use the claude-mem MCP tools only as needed: search (words -> ids), then timeline ' +
  '(anchor id -> what happened around it), then get_observations (ids -> full records).';

/**
 * `#123 14:05 🔴 Fix the spool race (~120)`: the number is what its details cost in tokens. A
 * pinned line is listed apart from the days, so it carries its date; a teammate's memory says
 * whose it is (`[by alice]`).
 */
export function entryLine(
  entry: IndexEntry,
  mark?: string,
  stamp = stampOf(entry.created_at),
): string {
  const when = entry.pinned ? `${stamp.day} ${stamp.time} ${PIN_ICON}` : stamp.time;
  const title = clip(entry.title, TITLE_CHARS);
  const icon = mark ? `${iconOf(entry.type)} ${mark}` : iconOf(entry.type);
  const by = entry.author ? ` [by ${clip(entry.author, 40)}]` : '';
  return `#${entry.id} ${when} ${icon} ${title}${by} (~${detailTokensOf(entry.detail_chars)})`;
}

type Marks = ReadonlyMap<number, string>;

function summaryLines(summary: SummaryRow, own: boolean, fieldChars: number): string[] {
  const by = summary.author ? ` by ${clip(summary.author, 40)}` : '';
  const label = own ? 'This session before compaction' : `Latest summary${by}`;
  const fields: Array<[string, string]> = [
    ['Request', summary.request],
    ['Completed', summary.completed],
    ['Next steps', summary.next_steps],
  ];
  return [
    `## ${label} (${dayOf(summary.created_at)} ${timeOf(summary.created_at)})`,
    ...fields
      .filter(([, text]) => text.trim() !== '')
      .map(([name, text]) => `${name}: ${clip(text, fieldChars)}`),
  ];
}

/** The parts of the context that do not depend on which observations fit. */
function frame(data: ContextData, now: number, summaryChars: number, marks: Marks) {
  const header =
    data.kind === 'resume'
      ? `# claude-mem: ${clip(data.project, 100)}, new since your last response (${dayOf(now)} ${timeOf(now)})`
      : `# claude-mem: project ${clip(data.project, 100)}, ${dayOf(now)} ${timeOf(now)}`;
  const top = [OPEN, header];
  if (data.kind === 'full') top.push(`Legend: ${legendLine()}  ~N = tokens of the details`);
  const marked = marksLegend(marks);
  if (marked) top.push(data.kind === 'full' ? marked : `Legend: ${marked}`);
  if (data.summary && summaryChars > 0)
    top.push('', ...summaryLines(data.summary, data.ownSummary, summaryChars));
  return { top, bottom: ['', HOW_TO_FETCH, CLOSE] };
}

/** Measures text against both limits. */
class Meter {
  chars = 0;
  bytes = 0;
  constructor(private readonly budget: Budget) {}
  /** Adds `lines` when they fit; says whether they did. */
  take(lines: readonly string[]): boolean {
    const size = this.measure(lines);
    if (size === undefined) return false;
    [this.chars, this.bytes] = size;
    return true;
  }
  /** The totals with `lines` added, or undefined when they would not fit. */
  private measure(lines: readonly string[]): [number, number] | undefined {
    const text = lines.join('\n');
    const chars = this.chars + text.length + lines.length;
    const bytes = this.bytes + Buffer.byteLength(text) + lines.length;
    const fits = bytes <= this.budget.maxBytes && estimateTokens(chars) <= this.budget.maxTokens;
    return fits ? [chars, bytes] : undefined;
  }
}

/** The section heading (reserved in the budget before the lines are picked). */
const heading = (shown: number, total: number): string =>
  `## Observations (${shown} of ${total}, by day; pinned first)`;

const PINNED = 'pinned';

/** The heading of a group of lines: a day, or the pinned ones. */
const groupHeading = (group: string): string =>
  `### ${group === PINNED ? `${PIN_ICON} pinned` : group}`;

/** A chosen entry with its line and its group (a day, or the pinned ones), made once. */
interface Placed {
  entry: IndexEntry;
  line: string;
  group: string;
}

/** Picks, in rank order, the entries whose lines fit; a new day costs its heading too. */
function fit(ranked: readonly IndexEntry[], meter: Meter, max: number, marks: Marks): Placed[] {
  const chosen: Placed[] = [];
  const groups = new Set<string>();
  for (const entry of ranked) {
    if (chosen.length >= max) break;
    const stamp = stampOf(entry.created_at);
    const group = entry.pinned ? PINNED : stamp.day;
    const line = entryLine(entry, marks.get(entry.id), stamp);
    if (!meter.take(groups.has(group) ? [line] : [groupHeading(group), line])) break;
    groups.add(group);
    chosen.push({ entry, line, group });
  }
  return chosen;
}

/** Pinned first (newest first), then by day, oldest day first, in time order within a day. */
function groupLines(chosen: readonly Placed[]): string[] {
  const pinned = chosen.filter(({ group }) => group === PINNED);
  const rest = chosen
    .filter(({ group }) => group !== PINNED)
    .sort((a, b) => a.entry.created_at - b.entry.created_at || a.entry.id - b.entry.id);
  const lines = pinned.length > 0 ? [groupHeading(PINNED), ...pinned.map(({ line }) => line)] : [];
  let day = '';
  for (const { line, group } of rest) {
    if (group !== day) lines.push(groupHeading((day = group)));
    lines.push(line);
  }
  return lines;
}

/** One observation the index shows, and what its line costs in tokens. */
export interface ShownEntry {
  id: number;
  tokens: number;
}

/** The rendered index and the observations it shows, in rank order. */
export interface Rendered {
  text: string;
  observations: number;
  shown: ShownEntry[];
}

const shownLine = ({ entry, line }: Placed): ShownEntry => ({
  id: entry.id,
  tokens: estimateTokens(line.length + 1),
});

/**
 * Renders the index within the budget: the frame first (the summary shortened, then dropped,
 * if even it does not fit), then whole observation lines in rank order while both the token
 * budget and the byte cap hold. Never cuts a line. Also says how many observations it shows.
 */
export function renderContext(
  data: ContextData,
  ranked: readonly IndexEntry[],
  budget: Budget,
  now: number,
  marks: Marks = new Map(),
): Rendered {
  for (const summaryChars of [300, 120, 0]) {
    const { top, bottom } = frame(data, now, summaryChars, marks);
    const meter = new Meter(budget);
    const reserved = ['', heading(Math.max(budget.maxObservations, 999), data.total)];
    if (!meter.take([...top, ...reserved, ...bottom])) continue;
    const chosen = fit(ranked, meter, budget.maxObservations, marks);
    const body =
      chosen.length > 0 ? ['', heading(chosen.length, data.total), ...groupLines(chosen)] : [];
    // The legend explains only marks that are shown (it was reserved for all: it only shrinks).
    const shown = new Map(
      chosen.flatMap(({ entry: e }) => (marks.has(e.id) ? [[e.id, marks.get(e.id) ?? '']] : [])),
    );
    const legend = shown.size === marks.size ? top : frame(data, now, summaryChars, shown).top;
    const text = [...legend, ...body, ...bottom].join('\n');
    return { text, observations: chosen.length, shown: chosen.map(shownLine) };
  }
  const text = [OPEN, `# claude-mem: project ${clip(data.project, 100)}`, HOW_TO_FETCH, CLOSE];
  return { text: text.join('\n'), observations: 0, shown: [] };
}
