import type { CliCommand, HelpEntry } from './cli-command.ts';

/** Where the text of an entry starts, and the widest line the help prints. */
const COLUMN = 37;
const WIDTH = 92;

const HEADER = `claude-mem: persistent memory for Claude Code

Usage: claude-mem <command> [options]
`;

const DATES =
  'DATE: 2025-01-31, a date and time, epoch milliseconds, or an age (90m, 12h, 7d, 2w).';

const FOOTER = `Options:
  -h, --help                         This help; after a command (search --help), its part
  -v, --version                      The version

Environment:
  CLAUDE_MEM_DATA_DIR                Data folder (default ~/.claude-mem)
  CLAUDE_MEM_PROJECT                 Project name override for the current repository
  CLAUDE_MEM_<SETTING>               Override a setting, e.g. CLAUDE_MEM_WORKER_PORT=37800
`;

/** `text` in lines of at most `width` characters; a `\n` in it starts a new line. */
function wrap(text: string, width: number): string[] {
  return text.split('\n').flatMap((paragraph) => {
    const lines: string[] = [];
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((w) => w !== '')) {
      if (line !== '' && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    return [...lines, line];
  });
}

/** One entry: its usage lines, the text beside the last one when it fits, else below. */
function entryLines(entry: HelpEntry): string[] {
  const usage = entry.usage.map((line) => `  ${line}`);
  const text = wrap(entry.text, WIDTH - COLUMN);
  const last = usage.pop() ?? '';
  const beside = last.length <= COLUMN - 3;
  const lines = [...usage, beside ? `${last.padEnd(COLUMN)}${text[0] ?? ''}` : last];
  return [
    ...lines,
    ...(beside ? text.slice(1) : text).map((line) => `${' '.repeat(COLUMN)}${line}`),
  ];
}

/** A command's lines in the Commands block. */
const sectionOf = (command: CliCommand): string =>
  command.help.flatMap(entryLines).join('\n') + '\n';

/** The text of `claude-mem --help`: every command of the table, in its order. */
export function helpText(commands: readonly CliCommand[]): string {
  return `${HEADER}\nCommands:\n${commands.map(sectionOf).join('')}\n${DATES}\n\n${FOOTER}`;
}

/** `claude-mem <command> --help`: that command's entries (and what a DATE is, when it takes one). */
export function commandHelp(command: CliCommand): string {
  const section = sectionOf(command);
  const dates = /DATE/.test(section) ? `\n${DATES}\n` : '';
  return `Usage of claude-mem ${command.name}:\n\n${section}${dates}\nEvery command: claude-mem --help`;
}

/** A closed list as a usage line shows it: `fts|vector|hybrid`. */
export const alternatives = (list: readonly string[]): string => list.join('|');

/** A closed list in a sentence: `claude, codex, gemini or copilot`. */
export const inWords = (list: readonly string[]): string =>
  list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`;
