import { relativize } from '../render-event.ts';
import type { CompressEvent } from '../types.ts';
import { clipWords, lineTopic, type Topic } from './heuristic-words.ts';

/** What an event did, for grouping. */
export type EventKind =
  'modify' | 'read' | 'search' | 'command' | 'web' | 'delegate' | 'plan' | 'other';

const KINDS: Record<string, EventKind> = {
  Edit: 'modify',
  MultiEdit: 'modify',
  Write: 'modify',
  NotebookEdit: 'modify',
  Read: 'read',
  NotebookRead: 'read',
  Grep: 'search',
  Glob: 'search',
  LS: 'search',
  Bash: 'command',
  BashOutput: 'command',
  TaskOutput: 'command',
  WebFetch: 'web',
  WebSearch: 'web',
  Task: 'delegate',
  Agent: 'delegate',
  ExitPlanMode: 'plan',
};

/** The kind of an event by its tool. */
export const eventKind = (event: CompressEvent): EventKind => KINDS[event.toolName] ?? 'other';

/** A string field of the event's input, or ''. */
export function inputText(event: CompressEvent, key: string): string {
  const input = event.input;
  if (typeof input !== 'object' || input === null) return '';
  const value = (input as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** The first line of `text`, trimmed and cut to `max` characters. */
export function firstLine(text: string, max = 80): string {
  const line =
    text
      .split('\n')
      .find((candidate) => candidate.trim() !== '')
      ?.trim() ?? '';
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/** "Exit code 2" from a failed command's error, else "failed". */
export function exitOf(event: CompressEvent): string {
  return /Exit code (\d+)/.exec(event.error ?? '')?.[0].toLowerCase() ?? 'failed';
}

/** The error's first meaningful line, without the "Exit code N" line. */
export function errorLine(event: CompressEvent): string {
  const lines = (event.error ?? '')
    .split('\n')
    .filter((line) => !/^Exit code \d+$/.test(line.trim()));
  return firstLine(lines.join('\n'), 120);
}

const DECLARATION =
  /^\s*(?:export\s+)?(?:async\s+)?(?:function|class|def|defp?|defmodule|interface|type|const|let|enum|struct|impl|fn|module|describe|test|it)\b/;

const PROSE = /\.(?:md|mdx|markdown|txt|rst|adoc)$/i;

/** A prose file's change: its first new heading, else its first new sentence, quoted. */
function proseTopic(lines: string[]): Topic | undefined {
  const text = lines.map((line) => line.trim()).filter((line) => /\w{3}/.test(line));
  const heading = text.map((line) => lineTopic(line)).find((topic) => topic?.kind === 'section');
  const first = text[0]?.replace(/^[-*>\d.\s]+/, '');
  return heading ?? (first ? { kind: 'says', name: clipWords(first, 60) } : undefined);
}

/** The first namable topic of `lines`: declarations first, then any line. */
function topicOfLines(lines: string[], known: (call: string) => boolean): Topic | undefined {
  const meaningful = lines
    .map((line) => line.trim())
    .filter((line) => /\w{3}/.test(line) && !/^(?:\/\/|\/\*|\*|<!--)/.test(line));
  const ordered = [
    ...meaningful.filter((line) => DECLARATION.test(line)),
    ...meaningful.filter((line) => !DECLARATION.test(line)),
  ];
  for (const line of ordered) {
    const topic = lineTopic(line, known);
    if (topic) return topic;
  }
  return undefined;
}

/**
 * What an edit or write of `path` changed, as a topic: its first new declaration, test, call
 * (one the old text did not make) or key; for prose, its heading or first sentence.
 */
export function changeTopic(event: CompressEvent, path = ''): Topic | undefined {
  const edits = editsOf(event);
  const before = edits.map((edit) => edit.before).join('\n');
  const added = edits.flatMap(({ before: old, after }) => {
    const kept = new Set(old.split('\n').map((line) => line.trim()));
    return after.split('\n').filter((line) => !kept.has(line.trim()));
  });
  const lines = added.length > 0 ? added : edits.flatMap((edit) => edit.after.split('\n'));
  if (PROSE.test(path)) return proseTopic(lines);
  return topicOfLines(lines, (call) => before.includes(`${call}(`));
}

/** The old and new text of every edit an event made. */
export function editsOf(event: CompressEvent): Array<{ before: string; after: string }> {
  const input = event.input as { edits?: unknown } | null;
  if (Array.isArray(input?.edits)) {
    return input.edits.map((edit: { old_string?: unknown; new_string?: unknown }) => ({
      before: typeof edit.old_string === 'string' ? edit.old_string : '',
      after: typeof edit.new_string === 'string' ? edit.new_string : '',
    }));
  }
  return [
    {
      before: inputText(event, 'old_string'),
      after: inputText(event, 'new_string') || inputText(event, 'content'),
    },
  ];
}

/** Line counts added and removed by an event's edits. */
export function lineDelta(event: CompressEvent): { added: number; removed: number } {
  const count = (text: string) => (text === '' ? 0 : text.split('\n').length);
  return editsOf(event).reduce(
    (sum, { before, after }) => ({
      added: sum.added + count(after),
      removed: sum.removed + count(before),
    }),
    { added: 0, removed: 0 },
  );
}

const PATH_TOKEN =
  /(?:^|[\s'"=(])((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)+\.[A-Za-z]\w{0,5}|[\w-]+\/[\w./-]*\w)(?=$|[\s'":),;])/g;

/** File-like paths a shell command mentions, relative to the project root. */
export function commandPaths(command: string, root: string): string[] {
  const paths = [...relativize(command, root).matchAll(PATH_TOKEN)].map((m) =>
    (m[1] ?? '').replace(/^\.\//, ''),
  );
  return [...new Set(paths.filter((path) => !path.startsWith('/dev/') && !/^\d/.test(path)))].slice(
    0,
    10,
  );
}
