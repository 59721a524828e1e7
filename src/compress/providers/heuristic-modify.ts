import { eventPath } from '../event-files.ts';
import type { ObservationType } from '../../domain/index.ts';
import type { CompressEvent, ObservationDraft, TurnBatch } from '../types.ts';
import { changeTopic, lineDelta } from './heuristic-events.ts';
import { contentPhrase, editPhrase, plural, type Topic } from './heuristic-words.ts';

const DOC_OR_CONFIG =
  /\.(?:md|mdx|txt|rst|json|ya?ml|toml|ini|cfg|conf|env|lock)$|(?:^|\/)(?:\.[\w-]+rc|Dockerfile|Makefile)$/i;
const FIX_WORDS = /\b(?:fix\w*|bugs?|broken|errors?|fail\w*|crash\w*|regression|wrong)\b/i;
const REFACTOR_WORDS =
  /\b(?:refactor\w*|renam\w*|clean\s?up|extract\w*|restructur\w*|simplif\w*|reorganiz\w*)\b/i;
const FEATURE_WORDS =
  /\b(?:add\w*|implement\w*|creat\w*|support\w*|introduc\w*|new|build\w*|enabl\w*)\b/i;

/** At most this many files get an observation each; the rest share one. */
const MAX_FILE_OBSERVATIONS = 6;

function isCreate(event: CompressEvent): boolean {
  const response = event.response as { type?: unknown } | null;
  return event.toolName === 'Write' && response?.type === 'create';
}

/** The type of a change to `path`, from the file, the prompt and what the events did. */
function changeKind(path: string, events: CompressEvent[], prompt: string): ObservationType {
  if (DOC_OR_CONFIG.test(path)) return 'change';
  if (FIX_WORDS.test(prompt)) return 'bugfix';
  if (REFACTOR_WORDS.test(prompt)) return 'refactor';
  if (events.some(isCreate) || FEATURE_WORDS.test(prompt)) return 'feature';
  return 'change';
}

function verbOf(events: CompressEvent[]): string {
  if (events.some(isCreate)) return 'Created';
  return events.every((event) => event.toolName === 'Write') ? 'Rewrote' : 'Edited';
}

/** `Edited a.ts: added function x`, `Created b.ts with class Y`, `Edited c.md (+3 -1 lines)`. */
function fileTitle(verb: string, path: string, topic: Topic | undefined, lines: string): string {
  if (!topic) return `${verb} ${path} (${lines})`;
  return verb === 'Edited'
    ? `${verb} ${path}: ${editPhrase(topic)}`
    : `${verb} ${path} ${contentPhrase(topic)}`;
}

function fileObservation(
  path: string,
  events: CompressEvent[],
  batch: TurnBatch,
): ObservationDraft {
  const delta = events
    .map(lineDelta)
    .reduce((a, b) => ({ added: a.added + b.added, removed: a.removed + b.removed }));
  const topics = events
    .map((event) => changeTopic(event, path))
    .filter((topic) => topic !== undefined);
  const phrases = [...new Set(topics.map(editPhrase))];
  const verb = verbOf(events);
  const lines = `+${delta.added} -${delta.removed} lines`;
  const edits = `${plural(events.length, 'change')}, ${lines}`;
  return {
    type: changeKind(path, events, batch.prompt ?? ''),
    title: fileTitle(verb, path, topics[0], lines),
    subtitle: edits,
    facts: [
      edits,
      ...phrases.slice(0, 5).map((phrase) => phrase[0]?.toUpperCase() + phrase.slice(1)),
    ],
    // What was done, never what was asked: a prompt must not leave the machine in a shared row.
    narrative: `${verb} ${path}${phrases.length > 0 ? `: ${phrases.slice(0, 3).join('; ')}` : ''} (${edits}).`,
    concepts: ['what-changed'],
    filesRead: [],
    filesModified: [path],
    sourceEventIds: events.map((event) => event.id),
  };
}

function restObservation(
  groups: Array<[string, CompressEvent[]]>,
  batch: TurnBatch,
): ObservationDraft {
  const paths = groups.map(([path]) => path);
  const events = groups.flatMap(([, list]) => list);
  return {
    type: changeKind(paths[0] ?? '', events, batch.prompt ?? ''),
    title: `Edited ${plural(paths.length, 'more file')}: ${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}`,
    subtitle: plural(events.length, 'change'),
    facts: paths.map((path) => `Changed ${path}`),
    narrative: '',
    concepts: ['what-changed'],
    filesRead: [],
    filesModified: paths,
    sourceEventIds: events.map((event) => event.id),
  };
}

/** One observation per modified file (failed edits changed nothing and are left out). */
export function modifyObservations(events: CompressEvent[], batch: TurnBatch): ObservationDraft[] {
  const byFile = new Map<string, CompressEvent[]>();
  for (const event of events.filter((candidate) => !candidate.failed)) {
    const path = eventPath(event, batch.root);
    if (path === undefined) continue;
    byFile.set(path, [...(byFile.get(path) ?? []), event]);
  }
  const groups = [...byFile.entries()];
  const own = groups
    .slice(0, MAX_FILE_OBSERVATIONS)
    .map(([path, list]) => fileObservation(path, list, batch));
  const rest = groups.slice(MAX_FILE_OBSERVATIONS);
  return rest.length > 0 ? [...own, restObservation(rest, batch)] : own;
}
