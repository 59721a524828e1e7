import { elide } from '../../privacy/index.ts';
import {
  NO_USAGE,
  type CompressEvent,
  type Compressor,
  type ObservationDraft,
  type SummaryDraft,
  type TurnBatch,
  type TurnSummaryInput,
} from '../types.ts';
import { commandObservation } from './heuristic-commands.ts';
import { deadEndObservations } from './heuristic-dead-ends.ts';
import { eventKind, firstLine, type EventKind } from './heuristic-events.ts';
import {
  delegateObservations,
  lookupObservation,
  otherObservation,
  planObservations,
} from './heuristic-findings.ts';
import { heuristicSearchKeys } from './heuristic-keys.ts';
import { modifyObservations } from './heuristic-modify.ts';

function byKind(events: readonly CompressEvent[]): Record<EventKind, CompressEvent[]> {
  const groups: Record<EventKind, CompressEvent[]> = {
    modify: [],
    read: [],
    search: [],
    command: [],
    web: [],
    delegate: [],
    plan: [],
    other: [],
  };
  for (const event of events) groups[eventKind(event)].push(event);
  return groups;
}

/**
 * Deterministic observations of a batch, no LLM: one per modified file, one for the commands,
 * one per dead end among them, one for reads and lookups, one per subagent run and plan, one for other tools; each with
 * search keys from its identifiers, commands and error lines.
 */
export function heuristicObservations(batch: TurnBatch): ObservationDraft[] {
  const groups = byKind(batch.events);
  const candidates = [
    ...planObservations(groups.plan),
    ...modifyObservations(groups.modify, batch),
    commandObservation(groups.command, batch),
    ...deadEndObservations(groups.command, batch),
    lookupObservation([...groups.read, ...groups.search, ...groups.web], batch),
    ...delegateObservations(groups.delegate),
    otherObservation(groups.other),
  ];
  return candidates
    .filter(
      (candidate): candidate is ObservationDraft =>
        candidate !== undefined && candidate.title.trim() !== '',
    )
    .map((draft) => ({ ...draft, searchKeys: heuristicSearchKeys(draft, batch.events) }));
}

const titles = (observations: ObservationDraft[], keep: (o: ObservationDraft) => boolean): string =>
  observations
    .filter(keep)
    .map((o) => o.title)
    .slice(0, 8)
    .join('; ');

const unique = (lists: string[][]): string[] => [...new Set(lists.flat())].slice(0, 50);

/**
 * What the turn was about, told by its work (the first change, else the first finding): the
 * prompt's own words stay in the prompts table, never in a summary that may be shared.
 */
function workRequest(input: TurnSummaryInput): string {
  const lead = input.observations.find((o) => o.type !== 'discovery') ?? input.observations.at(0);
  return lead
    ? `Turn ${input.promptNumber}: ${firstLine(lead.title, 180)}`
    : `Turn ${input.promptNumber}`;
}

/** A summary from the turn's observation titles; none when it left no observations. */
export function heuristicSummary(input: TurnSummaryInput): SummaryDraft | null {
  const observations = input.observations;
  if (observations.length === 0) return null;
  return {
    request: workRequest(input),
    investigated: titles(observations, (o) => o.type === 'discovery'),
    learned: input.subagentMessages.map((text) => firstLine(text, 200)).join('; '),
    completed: titles(observations, (o) => o.type !== 'discovery'),
    nextSteps: '',
    notes: elide(input.lastAssistantMessage.trim(), 500),
    filesRead: unique(observations.map((o) => o.filesRead)),
    filesModified: unique(observations.map((o) => o.filesModified)),
  };
}

/** The heuristic provider: free, offline, deterministic, never fails. */
export function createHeuristicCompressor(): Compressor {
  return {
    name: 'heuristic',
    model: null,
    async compressTurn(batch) {
      const observations = heuristicObservations(batch);
      const skipped = observations.length === 0 ? 'nothing the heuristic could keep' : undefined;
      return { observations, usage: NO_USAGE, skipped };
    },
    async summarizeTurn(input) {
      const summary = heuristicSummary(input);
      return {
        summary,
        usage: NO_USAGE,
        skipped: summary ? undefined : 'the turn left no observations',
      };
    },
  };
}
