import { COMMANDS } from '../../src/cli/command-table.ts';

type Options = Record<string, { type: string; short?: string }>;

/** `--name` and `-s` for every option a parser table accepts. */
const flagsOf = (options: Options): string[] =>
  Object.entries(options).flatMap(([name, option]) => [
    `--${name}`,
    ...(option.short ? [`-${option.short}`] : []),
  ]);

/**
 * Every top-level command and the flags its parser accepts, sorted: the options object the
 * command table hands its parser, and the flags of those that read their arguments by hand
 * (`worker logs -n`, `team ... --url`).
 */
export const ACCEPTED_FLAGS: Record<string, string[]> = Object.fromEntries(
  COMMANDS.map((command) => [
    command.name,
    [...flagsOf(command.options ?? {}), ...(command.flags ?? [])].sort(),
  ]),
);

/**
 * The text about each command in a usage block: its lines (`prefix` + command) and the indented
 * lines that continue them, joined per command (purge and worker have several entries).
 */
export function commandSections(lines: string[], prefix: string): Map<string, string> {
  const sections = new Map<string, string>();
  let current: string | undefined;
  for (const line of lines) {
    const rest = line.startsWith(prefix) ? line.slice(prefix.length) : line;
    if (!/^\s/.test(rest)) current = /^\S+/.exec(rest)?.[0];
    if (current !== undefined) sections.set(current, `${sections.get(current) ?? ''}${line}\n`);
  }
  return sections;
}

/** The distinct `--flag` and `-f` words in a text, sorted. */
export function flagsIn(text: string): string[] {
  return [...new Set(text.match(/(?<![\w-])--?[a-z][\w-]*/g) ?? [])].sort();
}

/** The lines between `start` (exclusive) and the first line equal to `end`. */
export function linesBetween(text: string, start: string, end: string): string[] {
  const lines = text.split('\n');
  const from = lines.indexOf(start) + 1;
  return lines.slice(from, lines.indexOf(end, from));
}
