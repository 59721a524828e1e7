import { elide } from '../../privacy/index.ts';
import { eventPath } from '../event-files.ts';
import type { CompressEvent, ObservationDraft, TurnBatch } from '../types.ts';
import { errorLine, firstLine, inputText } from './heuristic-events.ts';
import { plural, toolLabel } from './heuristic-words.ts';

const draft = (
  fields: Partial<ObservationDraft> & Pick<ObservationDraft, 'title' | 'sourceEventIds'>,
): ObservationDraft => ({
  type: 'discovery',
  subtitle: '',
  facts: [],
  narrative: '',
  concepts: ['how-it-works'],
  filesRead: [],
  filesModified: [],
  ...fields,
});

const listed = (items: string[], max = 2): string =>
  items.length <= max
    ? items.join(', ')
    : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;

function lookupFact(event: CompressEvent, root: string): string {
  const where = eventPath(event, root);
  const status = event.failed ? ` (failed: ${errorLine(event)})` : '';
  switch (event.toolName) {
    case 'Grep':
    case 'Glob':
      return `Searched for "${inputText(event, 'pattern')}"${where ? ` in ${where}` : ''}${status}`;
    case 'WebFetch':
      return `Fetched ${inputText(event, 'url')}${status}`;
    case 'WebSearch':
      return `Searched the web for "${inputText(event, 'query')}"${status}`;
    default:
      return `${toolLabel(event.toolName)} ${where ?? ''}${status}`.trim();
  }
}

/** A Glob for one exact name (no wildcard) looks for that file. */
function globFile(event: CompressEvent): string | undefined {
  const pattern = inputText(event, 'pattern');
  const exact = event.toolName === 'Glob' && pattern !== '' && !/[*?[\]{}]/.test(pattern);
  return exact ? pattern : undefined;
}

const isExactGlob = (event: CompressEvent): boolean => globFile(event) !== undefined;

/** One discovery for a batch's reads, searches and web lookups, naming what was read. */
export function lookupObservation(
  events: CompressEvent[],
  batch: TurnBatch,
): ObservationDraft | undefined {
  if (events.length === 0) return undefined;
  const reads = events.filter(
    (event) => event.toolName === 'Read' || event.toolName === 'NotebookRead',
  );
  const pathsOf = (list: CompressEvent[]) =>
    list.map((e) => eventPath(e, batch.root) ?? globFile(e)).filter((p) => p !== undefined);
  const files = [...new Set(pathsOf(reads.filter((e) => !e.failed)))];
  // A failed read or an exact-name Glob names a file the session looked for: worth finding it by.
  const lookedFor = pathsOf([...reads.filter((e) => e.failed), ...events.filter(isExactGlob)]);
  const others = events.filter((event) => !reads.includes(event));
  const title =
    files.length > 0
      ? `Read ${listed(files)}`
      : firstLine(lookupFact(others[0] ?? (events[0] as CompressEvent), batch.root), 100);
  const searched =
    others.length > 0 && files.length > 0 ? `; ${plural(others.length, 'search', 'searches')}` : '';
  const failedReads = reads
    .filter((event) => event.failed)
    .map((event) => lookupFact(event, batch.root));
  return draft({
    title: `${title}${searched}`,
    subtitle: `${plural(files.length, 'file')} read, ${plural(others.length, 'search or lookup', 'searches or lookups')}`,
    facts: [...others.map((event) => lookupFact(event, batch.root)), ...failedReads].slice(0, 10),
    filesRead: [...new Set([...files, ...lookedFor])].slice(0, 20),
    sourceEventIds: events.map((event) => event.id),
  });
}

function responseText(response: unknown): string {
  if (typeof response === 'string') return response;
  const content = (response as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: { text?: unknown }) => (typeof block.text === 'string' ? block.text : ''))
    .join('\n');
}

/** A discovery per subagent run: what it was asked and what it answered. */
export function delegateObservations(events: CompressEvent[]): ObservationDraft[] {
  return events.map((event) => {
    const task = inputText(event, 'description') || firstLine(inputText(event, 'prompt'));
    return draft({
      title: `Subagent: ${task || event.toolName}`,
      facts: [firstLine(inputText(event, 'prompt'), 200)].filter(Boolean),
      narrative: elide(responseText(event.response), 600),
      sourceEventIds: [event.id],
    });
  });
}

const GENERIC_HEADING = /^(?:the\s+)?(?:implementation\s+|final\s+)?plan\b\s*[:\-–]?\s*/i;

/** What a plan is about: its first heading without a leading "Plan:", else its first line. */
function planTopic(plan: string, headings: string[]): string {
  const named = headings.map((h) => h.replace(GENERIC_HEADING, '').trim()).find(Boolean);
  const prose = plan
    .split('\n')
    .map((line) => line.replace(/^[#>*\-\d.\s]+/, '').trim())
    .find((line) => line !== '' && !GENERIC_HEADING.test(line));
  return firstLine(named ?? prose ?? '', 100);
}

/**
 * A decision per approved plan (ExitPlanMode): what it is about and its outline. A plan with no
 * text says so rather than borrow the prompt's words (a prompt never goes into a row).
 */
export function planObservations(events: CompressEvent[]): ObservationDraft[] {
  return events.map((event) => {
    const plan = inputText(event, 'plan');
    const headings = plan
      .split('\n')
      .filter((line) => /^#{1,3}\s/.test(line))
      .map((line) => line.replace(/^#+\s*/, ''));
    const topic = planTopic(plan, headings);
    return draft({
      type: 'decision',
      title: topic ? `Plan approved: ${topic}` : 'Plan approved (no text)',
      facts: headings.slice(1, 7),
      narrative: elide(plan, 1000),
      concepts: ['why-it-exists'],
      sourceEventIds: [event.id],
    });
  });
}

/** One observation for tools the heuristic has no rule for (MCP tools and the like). */
export function otherObservation(events: CompressEvent[]): ObservationDraft | undefined {
  if (events.length === 0) return undefined;
  const tools = [...new Set(events.map((event) => toolLabel(event.toolName)))];
  return draft({
    title: `Used ${listed(tools, 3)}`,
    facts: events
      .slice(0, 8)
      .map(
        (event) =>
          `${toolLabel(event.toolName)}: ${firstLine(JSON.stringify(event.input) ?? '', 100)}${event.failed ? ` (failed: ${errorLine(event)})` : ''}`,
      ),
    sourceEventIds: events.map((event) => event.id),
  });
}
