import type { CompressEvent, ObservationDraft, TurnBatch } from '../types.ts';
import { commandPaths, errorLine, exitOf, firstLine, inputText } from './heuristic-events.ts';
import { plural } from './heuristic-words.ts';

const BUILD_OR_TEST =
  /\b(?:test|tests|spec|build|compile|lint|check|typecheck|tsc|make|cargo|mix|npm|pnpm|yarn|pytest|go|gradle|mvn|dialyzer|credo|eslint|prettier)\b/;
const COMMIT = /\bgit\s+commit\b.*?-m\s+(?:"([^"]+)"|'([^']+)'|(\S+))/s;

const commandOf = (event: CompressEvent): string =>
  inputText(event, 'command') ||
  inputText(event, 'task_id') ||
  inputText(event, 'bash_id') ||
  event.toolName;

function outcome(event: CompressEvent): string {
  if (!event.failed) return 'ok';
  const line = errorLine(event);
  return line ? `${exitOf(event)}: ${line}` : exitOf(event);
}

/** The command a title is about: a failure, else a build or test, else a commit, else the first. */
function mainCommand(events: CompressEvent[]): CompressEvent {
  return (
    events.find((event) => event.failed) ??
    events.find((event) => BUILD_OR_TEST.test(commandOf(event))) ??
    events.find((event) => COMMIT.test(commandOf(event))) ??
    (events[0] as CompressEvent)
  );
}

function commitMessage(command: string): string | undefined {
  const match = COMMIT.exec(command);
  return match ? firstLine(match[1] ?? match[2] ?? match[3] ?? '', 100) : undefined;
}

/** A failed command that succeeded when run again later in the batch: the fix worked. */
const passedLater = (event: CompressEvent, events: CompressEvent[]): boolean =>
  events
    .slice(events.indexOf(event) + 1)
    .some((later) => !later.failed && commandOf(later) === commandOf(event));

/**
 * `Ran npm test`, `npm test failed (exit code 1): FAIL a.test.ts`, or `..., then passed` when a
 * later run of the same command succeeded; the description says why, when there is one.
 */
function commandTitle(event: CompressEvent, events: CompressEvent[]): string {
  const command = firstLine(commandOf(event), 60);
  const why = firstLine(inputText(event, 'description'), 60);
  if (event.failed) {
    const line = errorLine(event);
    const failed = `${command} failed (${exitOf(event)}${line ? `: ${line}` : ''})`;
    return passedLater(event, events) ? `${failed}, then passed` : failed;
  }
  return why ? `${why}: ran ${command}` : `Ran ${command}`;
}

/**
 * One observation for a batch's shell commands: the main one in the title with its exit status,
 * every command and its outcome (exit code, first error line) as facts, paths mentioned as files.
 */
export function commandObservation(
  events: CompressEvent[],
  batch: TurnBatch,
): ObservationDraft | undefined {
  if (events.length === 0) return undefined;
  const main = mainCommand(events);
  const command = commandOf(main);
  const commit = commitMessage(command);
  const others = events.length > 1 ? `; ${plural(events.length - 1, 'more command')}` : '';
  const failures = events.filter((event) => event.failed).length;
  const descriptions = [
    ...new Set(events.map((event) => inputText(event, 'description')).filter(Boolean)),
  ];
  return {
    type: commit ? 'change' : 'discovery',
    title: commit ? `Committed: ${commit}` : `${commandTitle(main, events)}${others}`,
    subtitle: `${plural(events.length, 'command')}, ${failures === 0 ? 'none' : failures} failed`,
    facts: events
      .slice(0, 8)
      .map((event) => `${firstLine(commandOf(event), 100)} -> ${outcome(event)}`),
    narrative: descriptions.slice(0, 6).join('. '),
    concepts: failures > 0 ? ['problem-solution'] : ['how-it-works'],
    filesRead: [
      ...new Set(events.flatMap((event) => commandPaths(commandOf(event), batch.root))),
    ].slice(0, 10),
    filesModified: [],
    sourceEventIds: events.map((event) => event.id),
  };
}
