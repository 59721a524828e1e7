/** Words shorter than this are too common to say the agent took them from a memory. */
const MIN_TERM = 6;
const MAX_TERMS = 24;
const MAX_COMMANDS = 8;

// A word with its joints: `rate-limit.ts`, `store::open`, `user_id`, `buildContext`.
const WORD = /[A-Za-z_$][\w$]*(?:(?:[.:-]|::)[A-Za-z0-9_$]+)*/g;
const CAMEL = /[a-z0-9][A-Z]|[A-Z][a-z0-9]+[A-Z]/;
const SNAKE = /[A-Za-z0-9]_[A-Za-z0-9]/;
const DOTTED = /[A-Za-z0-9][.:][A-Za-z]/;
// `e.g`, `i.e` and friends are dotted but say nothing.
const PROSE_DOTS = /^(?:e\.g|i\.e|etc\.|vs\.)/i;

/** A word that reads as code, not prose: camelCase, snake_case, a file name, a qualified name. */
const codeLike = (word: string): boolean =>
  word.length >= MIN_TERM &&
  !PROSE_DOTS.test(word) &&
  (CAMEL.test(word) || SNAKE.test(word) || DOTTED.test(word));

const basename = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * The distinctive terms of a memory: its code-like words and its files' names, at most 24,
 * longest first (a longer term is the rarer one). Prose words never count: an agent says
 * "refresh" whether or not it read a memory about tokens.
 */
export function distinctiveTerms(text: string, files: readonly string[] = []): string[] {
  const words = new Set([...(text.match(WORD) ?? []), ...files.map(basename)].filter(codeLike));
  return [...words].sort((a, b) => b.length - a.length || a.localeCompare(b)).slice(0, MAX_TERMS);
}

// `npm run build`: a command word, then at least one argument.
const COMMAND_SHAPE = /^[a-z][\w./-]*\s+\S/;
const QUOTED = /`([^`\n]+)`/g;
// The heuristic provider's facts: `npm run build -> ok`.
const FACT = /^(?:- )?(.{5,200}?) -> /gm;

/**
 * The commands a memory names: quoted in backticks, or the left side of a `command -> outcome`
 * fact, whitespace folded. Only ones with an argument: a bare `make` is everyone's command.
 */
export function commandsOf(text: string): string[] {
  const quoted = [...text.matchAll(QUOTED)].map((m) => m[1] ?? '');
  const facts = [...text.matchAll(FACT)].map((m) => m[1] ?? '');
  const commands = [...quoted, ...facts]
    .map((command) => command.trim().replace(/\s+/g, ' '))
    .filter((command) => command.length <= 200 && COMMAND_SHAPE.test(command));
  return [...new Set(commands)].slice(0, MAX_COMMANDS);
}
