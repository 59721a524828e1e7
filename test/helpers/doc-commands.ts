import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** The README and every Markdown file of docs/: what a newcomer reads. */
export function readDocs(root = ROOT): Array<{ file: string; text: string }> {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs].map((file) => ({
    file,
    text: readFileSync(join(root, file), 'utf8'),
  }));
}

/** Where a piece of code was: a line of a fenced block, or an inline span of the prose. */
export type CodeKind = 'block' | 'inline';

/**
 * The lines of every fenced block (a description after four spaces, as in a synopsis, cut off)
 * and the text of every inline code span outside them.
 */
export function codeTexts(markdown: string): Array<{ kind: CodeKind; text: string }> {
  const texts: Array<{ kind: CodeKind; text: string }> = [];
  const prose: string[] = [];
  let fence = '';
  for (const line of markdown.split('\n')) {
    const opens = /^\s*(```|~~~)/.exec(line)?.[1];
    if (opens && (fence === '' || opens === fence)) fence = fence === '' ? opens : '';
    else if (fence !== '')
      texts.push({ kind: 'block', text: line.replace(/ {4,}(?=[^#\s]).*$/, '') });
    else prose.push(line);
  }
  // A span may wrap onto the next line of a paragraph: read it with the line breaks as spaces.
  for (const match of prose.join(' ').matchAll(/`([^`]+)`/g))
    texts.push({ kind: 'inline', text: match[1] ?? '' });
  return texts;
}

/** A command line's words, quotes honoured (`'a b'` is one word), a `# comment` dropped. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  const pattern = /'([^']*)'|"([^"]*)"|(#.*$)|(\S+)/g;
  for (const match of line.matchAll(pattern)) {
    if (match[3] !== undefined) break;
    words.push(match[1] ?? match[2] ?? match[4] ?? '');
  }
  return words;
}

/** The simple commands of a line: split at `&&`, `||`, `;` and `|` outside quotes. */
export function simpleCommands(line: string): string[][] {
  const commands: string[][] = [[]];
  for (const word of shellWords(line)) {
    if (['&&', '||', ';', '|'].includes(word)) commands.push([]);
    else commands.at(-1)?.push(word);
  }
  return commands.filter((words) => words.length > 0);
}

/** One `claude-mem ...` command the docs show: its argument words, and where it was. */
export interface DocCommand {
  file: string;
  kind: CodeKind;
  args: string[];
}

/** The arguments of `claude-mem ...` or of a clone's `node bin/claude-mem.mjs ...`. */
function asClaudeMem(words: string[]): string[] | undefined {
  if (words[0] === 'claude-mem') return words.slice(1);
  if (words[0] === 'node' && words[1] === 'bin/claude-mem.mjs') return words.slice(2);
  return undefined;
}

/** Every `claude-mem ...` command the docs show (a bare `claude-mem` naming the tool is not one). */
export function claudeMemCommands(docs: Array<{ file: string; text: string }>): DocCommand[] {
  return docs.flatMap(({ file, text }) =>
    codeTexts(text).flatMap(({ kind, text: line }) =>
      simpleCommands(line.replace(/^\s*\$\s+/, ''))
        .map(asClaudeMem)
        .filter((args): args is string[] => args !== undefined && args.length > 0)
        .map((args) => ({ file, kind, args })),
    ),
  );
}

/**
 * A synopsis rather than a command to type: it holds a placeholder (`<key>`, `[--json]`, `a|b`,
 * `...`, or a word in capitals such as `FILE`).
 */
export const isSynopsis = (args: string[]): boolean =>
  args.some((word) => /[<>[\]|]|\.\.\.|^[A-Z][A-Z_]+$/.test(word));

/** The npm packages the docs tell a reader to install or run: `npm install|i|add [-g] X`, `npx X`. */
export function namedPackages(docs: Array<{ file: string; text: string }>): string[] {
  const names = docs.flatMap(({ text }) =>
    codeTexts(text)
      .flatMap(({ text: line }) => simpleCommands(line))
      .flatMap((words) => {
        const [tool, verb, ...rest] = words;
        if (tool === 'npx') return [verb, ...rest].filter((w) => w && !w.startsWith('-'));
        if (tool !== 'npm' || !['install', 'i', 'add'].includes(verb ?? '')) return [];
        return rest.filter((word) => !word.startsWith('-'));
      }),
  );
  // `chromadb@3` names the package `chromadb`; a scoped name keeps its first `@`.
  return [...new Set(names.map((name) => (name ?? '').replace(/(?<=.)@[^/]*$/, '')))].sort();
}
