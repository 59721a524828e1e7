import { bashCommand, deadEndPairs, type DeadEndPair } from '../dead-ends.ts';
import type { CompressEvent, ObservationDraft, TurnBatch } from '../types.ts';
import { commandPaths, errorLine, exitOf, firstLine } from './heuristic-events.ts';

/** At most this many dead ends per batch: the first failures are the ones that cost time. */
const MAX_PER_BATCH = 2;

const quote = (command: string): string => `\`${firstLine(command, 100).replace(/`/g, "'")}\``;

function deadEnd(pair: DeadEndPair, batch: TurnBatch): ObservationDraft {
  const failed = bashCommand(pair.failed);
  const worked = pair.worked ? bashCommand(pair.worked) : '';
  const line = errorLine(pair.failed);
  const why = `${exitOf(pair.failed)}${line ? `: ${line}` : ''}`;
  return {
    type: 'dead-end',
    title: `${quote(failed)} fails (${why}): use ${quote(worked)}`,
    subtitle: 'A failed command and what worked instead',
    facts: [`${firstLine(failed, 200)} -> ${why}`, `${firstLine(worked, 200)} -> ok`],
    narrative: '',
    concepts: ['gotcha', 'problem-solution'],
    filesRead: commandPaths(`${failed}\n${worked}`, batch.root).slice(0, 10),
    filesModified: [],
    sourceEventIds: [pair.failed.id, ...(pair.worked ? [pair.worked.id] : [])],
  };
}

/**
 * Dead ends of a batch's shell commands (issue 34): a command that failed, was not made to pass
 * as it was, and was followed by a different command of the same work that succeeded, as
 * "`npm run e2e` fails (exit code 1: ...): use `PLAYWRIGHT_BROWSERS_PATH=0 npm run e2e`".
 */
export function deadEndObservations(
  commands: readonly CompressEvent[],
  batch: TurnBatch,
): ObservationDraft[] {
  return deadEndPairs(commands)
    .slice(0, MAX_PER_BATCH)
    .map((pair) => deadEnd(pair, batch));
}
