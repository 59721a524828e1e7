import { commandShape, commandText, specificShape } from '../domain/index.ts';
import type { CompressEvent, ObservationDraft } from './types.ts';

/** A failed command and the later one of the same work that succeeded instead. */
export interface DeadEndPair {
  failed: CompressEvent;
  worked: CompressEvent | undefined;
}

/** What a dead end is recalled by: `cmd:<shape>` or `file:<path>`, and the fix, if known. */
export interface DeadEndKey {
  key: string;
  fix: string;
}

const EDITS = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

/** The shell command of a Bash event, or ''. */
export function bashCommand(event: CompressEvent): string {
  if (event.toolName !== 'Bash') return '';
  const input = event.input as { command?: unknown } | null;
  return typeof input?.command === 'string' ? input.command : '';
}

const program = (command: string): string => commandShape(command).split(' ')[0] ?? '';

const words = (command: string): Set<string> =>
  new Set(
    commandShape(command)
      .split(' ')
      .slice(1)
      .filter((word) => word.length >= 3),
  );

/** Whether `later` looks like another way to do `failed`: the same program or a shared word. */
function sameWork(failed: string, later: string): boolean {
  if (program(failed) !== '' && program(failed) === program(later)) return true;
  const mine = words(failed);
  return [...words(later)].some((word) => mine.has(word));
}

/**
 * The batch's dead ends: each failed command with a specific shape that never succeeded as it
 * was later in the batch (a red test turned green by an edit is no dead end), paired with the
 * first later different command of the same work that succeeded; none when nothing did.
 */
export function deadEndPairs(events: readonly CompressEvent[]): DeadEndPair[] {
  const pairs: DeadEndPair[] = [];
  events.forEach((event, index) => {
    const command = bashCommand(event);
    if (!event.failed || specificShape(command) === '') return;
    const later = events.slice(index + 1).filter((other) => !other.failed && bashCommand(other));
    if (later.some((other) => commandText(bashCommand(other)) === commandText(command))) return;
    if (pairs.some((pair) => bashCommand(pair.failed) === command)) return;
    const worked = later.find((other) => sameWork(command, bashCommand(other)));
    if (worked) pairs.push({ failed: event, worked });
  });
  return pairs;
}

function filePath(event: CompressEvent): string {
  const input = event.input as { file_path?: unknown; notebook_path?: unknown } | null;
  const path = input?.file_path ?? input?.notebook_path;
  return typeof path === 'string' ? path : '';
}

/**
 * The keys of a dead-end observation, from its failed source events: the shape of each failed
 * command (with the command that worked after it), the path of each failed edit. When the title
 * quotes one of the failed commands in backticks, only that one counts (an LLM's dead end may
 * cite every event of its batch).
 */
export function deadEndKeys(
  draft: Pick<ObservationDraft, 'title' | 'sourceEventIds'>,
  events: readonly CompressEvent[],
): DeadEndKey[] {
  const sources = new Set(draft.sourceEventIds);
  const mine = events.filter((event) => sources.has(event.id));
  const found = deadEndPairs(mine);
  const pairs =
    found.length > 0
      ? found
      : mine
          .filter((event) => event.failed && specificShape(bashCommand(event)) !== '')
          .map((failed) => ({ failed, worked: undefined }));
  const quoted = [...draft.title.matchAll(/`([^`]+)`/g)].map((m) => commandShape(m[1] ?? ''));
  const cited = pairs.filter((pair) => quoted.includes(commandShape(bashCommand(pair.failed))));
  const commands = (cited.length > 0 ? cited : pairs).map((pair) => ({
    key: `cmd:${specificShape(bashCommand(pair.failed))}`,
    fix: pair.worked ? commandText(bashCommand(pair.worked)) : '',
  }));
  const files = mine
    .filter((event) => event.failed && EDITS.has(event.toolName) && filePath(event) !== '')
    .map((event) => ({ key: `file:${filePath(event)}`, fix: '' }));
  const seen = new Set<string>();
  return [...commands, ...files].filter((key) => !seen.has(key.key) && seen.add(key.key));
}
