import { SEARCH_KEYS_CHARS } from '../normalize.ts';
import type { CompressEvent, ObservationDraft } from '../types.ts';
import { errorLine, eventKind, inputText } from './heuristic-events.ts';

// camelCase, PascalCase, snake_case, kebab-case and dotted names: the identifiers a person
// searches for in words ("rate limiter" for rateLimiter, rate_limiter, rate-limiter.ts).
const IDENTIFIER = /[\p{L}][\p{L}\p{N}]*(?:[_.-]?[\p{L}\p{N}]+)+/gu;
const CASE_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
const CODE_EXTENSION =
  /\.(?:[cm]?[jt]sx?|py|rb|go|rs|java|kt|swift|exs?|md|json|ya?ml|toml|css|html|sh|sql)$/i;

/** `rateLimiter.ts` -> `rate limiter`; undefined when the name is a single word. */
function spokenName(identifier: string): string | undefined {
  const words = identifier
    .replace(CODE_EXTENSION, '')
    .split(/[_.\-/]+/)
    .flatMap((part) => part.split(CASE_BOUNDARY))
    .filter((word) => word.length > 1 || /\d/.test(word))
    .map((word) => word.toLowerCase());
  return words.length > 1 ? words.join(' ') : undefined;
}

/** `npm run build -- --watch` -> `npm run build`: a program and its subcommands. */
function commandName(command: string): string {
  const words = command.trim().split(/\s+/);
  const end = words.findIndex((word, i) => i > 0 && !/^[a-z][\w:-]*$/.test(word));
  return words.slice(0, Math.min(end === -1 ? words.length : end, 3)).join(' ');
}

function eventKeys(event: CompressEvent): string[] {
  const command = eventKind(event) === 'command' ? commandName(inputText(event, 'command')) : '';
  const error = event.failed ? errorLine(event) : '';
  return [command, error].filter((key) => key !== '');
}

/**
 * The heuristic provider's search keys for an observation: the spoken form of its identifiers
 * and file names, the commands its events ran and the first error line of those that failed,
 * once each, cut to SEARCH_KEYS_CHARS.
 */
export function heuristicSearchKeys(
  draft: ObservationDraft,
  events: readonly CompressEvent[],
): string {
  const own = events.filter((event) => draft.sourceEventIds.includes(event.id));
  const text = [draft.title, draft.subtitle, ...draft.facts, draft.narrative].join('\n');
  const files = [...draft.filesModified, ...draft.filesRead].map((path) => path.split('/').pop()!);
  const names = [...files, ...[...text.matchAll(IDENTIFIER)].map(([match]) => match)];
  const keys = new Set([
    ...own.flatMap(eventKeys),
    ...names.map(spokenName).filter((key): key is string => key !== undefined),
  ]);
  let out = '';
  for (const key of keys) {
    const next = out === '' ? key : `${out}, ${key}`;
    if (next.length > SEARCH_KEYS_CHARS) break;
    out = next;
  }
  return out;
}
