import { USE_SIGNALS, type UseSignalKind } from '../domain/ledger.ts';
import type { SessionEvent } from './session-events.ts';
import { commandsOf, distinctiveTerms } from './memory-terms.ts';

/** A memory as the session was given it: what the use detector looks for. */
export interface InjectedMemory {
  /** The observation id. */
  id: number;
  /** When it first reached the agent (ms, the events' clock), and in which turn. */
  at: number;
  turn: number;
  /** The files it read or modified, as stored. */
  files: readonly string[];
  /** Its words (title, subtitle, narrative, facts): commands and distinctive terms come from them. */
  text: string;
}

export { USE_SIGNALS, type UseSignalKind };

/** One sign that a memory was used: which, how, in which turn and when, and what matched. */
export interface UseSignal {
  observationId: number;
  signal: UseSignalKind;
  turn: number;
  at: number;
  /** The file, command or term that matched, or the tool that fetched it (memory words only). */
  detail: string;
}

// Claude Code names an MCP tool mcp__<server>__<tool>; the server name is the user's choice.
const GET_TOOL = /^mcp__.+__get_observations$/;
const TIMELINE_TOOL = /^mcp__.*mem.*__timeline$/i;
const OWN_TOOL = /^mcp__.*mem.*__/i;
const FILE_TOOLS = new Set(['Read', 'Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Grep', 'Glob']);
const OUR_TAGS = /<claude-mem-(context|recall)>/;

const field = (input: unknown, key: string): unknown =>
  typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;

const textField = (input: unknown, key: string): string => {
  const value = field(input, key);
  return typeof value === 'string' ? value : '';
};

/** The observation ids a get_observations or timeline call asks for. */
export function fetchedIds(event: SessionEvent): number[] {
  if (event.kind !== 'tool' || !event.tool) return [];
  if (GET_TOOL.test(event.tool)) {
    const ids = field(event.input, 'ids');
    return Array.isArray(ids) ? ids.map(Number).filter(Number.isInteger) : [];
  }
  if (!TIMELINE_TOOL.test(event.tool)) return [];
  const anchor = field(event.input, 'anchor');
  const id = Number(typeof anchor === 'string' ? anchor.replace(/^#/, '') : anchor);
  return Number.isInteger(id) && id > 0 ? [id] : [];
}

/** The path a file tool works on, '' for other tools. */
const pathOf = (event: SessionEvent): string =>
  FILE_TOOLS.has(event.tool ?? '')
    ? textField(event.input, 'file_path') ||
      textField(event.input, 'notebook_path') ||
      textField(event.input, 'path')
    : '';

/** Same file when equal, or when one ends with the other at a `/` (relative vs absolute). */
export function sameFile(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  if (a === b) return true;
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.endsWith(short) && long[long.length - short.length - 1] === '/';
}

/** What the detector looks for in one memory, made once. */
interface Wanted {
  memory: InjectedMemory;
  commands: string[];
  terms: string[];
}

/** After the memory reached the agent: by time when both have one, else a later turn. */
const after = (event: SessionEvent, memory: InjectedMemory): boolean =>
  Number.isFinite(event.at) && Number.isFinite(memory.at)
    ? event.at > memory.at
    : event.turn > memory.turn;

/** The agent's own words in an event: its text, or its tool call's input. */
const agentWords = (event: SessionEvent): string =>
  event.kind === 'text' ? event.text : event.kind === 'tool' ? JSON.stringify(event.input) : '';

/** Text put before the model by someone other than claude-mem (the user, a tool). */
const otherSource = (event: SessionEvent): string =>
  event.kind === 'prompt' ||
  (event.kind === 'context' && !OWN_TOOL.test(event.tool ?? '') && !OUR_TAGS.test(event.text))
    ? event.text
    : '';

/** The signals one event gives for one memory. */
function matches(event: SessionEvent, wanted: Wanted, said: ReadonlySet<string>): UseSignal[] {
  const { memory } = wanted;
  const found: Array<[UseSignalKind, string]> = [];
  if (fetchedIds(event).includes(memory.id)) found.push(['fetched', event.tool ?? '']);
  const path = pathOf(event);
  const file = memory.files.find((f) => sameFile(f, path));
  if (file) found.push(['file', file]);
  if (event.tool === 'Bash') {
    const command = textField(event.input, 'command').replace(/\s+/g, ' ');
    const named = wanted.commands.find((c) => command.includes(c));
    if (named) found.push(['command', named]);
  }
  // A path or command already matched holds the file's name: that is not a second sign.
  const words = found.length === 0 ? agentWords(event) : '';
  const term = words ? wanted.terms.find((t) => !said.has(t) && words.includes(t)) : undefined;
  if (term) found.push(['term', term]);
  return found.map(([signal, detail]) => ({
    observationId: memory.id,
    signal,
    turn: event.turn,
    at: event.at,
    detail,
  }));
}

/**
 * The use signals of a session: for each memory injected into it, the first time in each turn
 * the agent, after the injection, fetched it (get_observations or timeline with its id), read,
 * edited or searched a file it names, ran a command it names, or repeated one of its distinctive
 * terms in its own words or tool input. A term the user or a tool (not claude-mem) put before
 * the model first does not count: the agent could have it from there. Pure; the transcript
 * never leaves the caller.
 */
export function detectUse(
  memories: readonly InjectedMemory[],
  events: readonly SessionEvent[],
): UseSignal[] {
  const wanted = memories.map((memory): Wanted => ({
    memory,
    commands: commandsOf(memory.text),
    terms: distinctiveTerms(memory.text, memory.files),
  }));
  const allTerms = new Set(wanted.flatMap((w) => w.terms));
  const elsewhere = new Set<string>();
  const signals: UseSignal[] = [];
  const seen = new Set<string>();
  for (const event of events) {
    const other = otherSource(event);
    for (const term of other ? allTerms : []) if (other.includes(term)) elsewhere.add(term);
    for (const w of wanted) {
      if (!after(event, w.memory)) continue;
      for (const signal of matches(event, w, elsewhere)) {
        const key = `${signal.observationId}:${signal.signal}:${signal.turn}`;
        if (seen.has(key)) continue;
        seen.add(key);
        signals.push(signal);
      }
    }
  }
  return signals;
}
