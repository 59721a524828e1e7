/**
 * A small check that Codex's `config.toml` is well-formed TOML before install appends a table to
 * it: appending to a broken file would leave Codex unable to start, blamed on us. It is not a
 * parser (the CLI ships none, to stay small): it follows TOML's lexical structure (headers,
 * `key = value`, strings of the four kinds, brackets across lines, comments) and catches what a
 * hand edit breaks: a line that is neither, an unclosed string or bracket, a table given twice.
 */
const KEY = String.raw`(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')`;
const DOTTED = String.raw`${KEY}(?:\s*\.\s*${KEY})*`;
const HEADER = new RegExp(String.raw`^\[(\[)?\s*(${DOTTED})\s*\](\])?\s*(?:#.*)?$`);
const ASSIGN = new RegExp(String.raw`^${DOTTED}[ \t]*=[ \t]*`);
const TOKEN =
  /^(?:"""[\s\S]*?"""(?!")|'''[\s\S]*?'''(?!')|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[[\]{},=]|#[^\n]*|[A-Za-z0-9_+\-.:]+(?: [0-9:.+\-Z]+)?|[ \t\r]+|\n)/;

interface Scan {
  at: number;
  line: number;
}

/** Reads one value (to the end of its line, or past the brackets it opens); a problem or ''. */
function scanValue(text: string, scan: Scan): string {
  let depth = 0;
  let seen = false;
  for (;;) {
    const token = TOKEN.exec(text.slice(scan.at))?.[0];
    if (token === undefined) {
      if (scan.at >= text.length) return depth > 0 ? 'an unclosed [ or {' : seen ? '' : 'no value';
      const char = text[scan.at] ?? '';
      return `"'`.includes(char) ? 'an unclosed string' : `unexpected ${JSON.stringify(char)}`;
    }
    if (token === '\n' && depth === 0) return seen ? '' : 'no value after "="';
    const significant = !/^\s|^#/.test(token);
    if (significant && seen && depth === 0) return `more than one value (${token})`;
    scan.at += token.length;
    scan.line += token.split('\n').length - 1;
    if (token === '[' || token === '{') depth += 1;
    if (token === ']' || token === '}') depth -= 1;
    if (depth < 0) return `an unmatched ${token}`;
    if (significant && depth === 0) seen = true;
  }
}

/** One line at the top level: blank, comment, header or `key = value`; a problem or ''. */
function scanLine(text: string, scan: Scan, tables: Set<string>): string {
  const end = text.indexOf('\n', scan.at);
  const line = text.slice(scan.at, end === -1 ? text.length : end).trim();
  if (line === '' || line.startsWith('#')) {
    scan.at = end === -1 ? text.length : end;
    return '';
  }
  const header = HEADER.exec(line);
  if (header) {
    if (Boolean(header[1]) !== Boolean(header[3])) return `a header with unbalanced brackets`;
    const name = (header[2] ?? '').replace(/\s*\.\s*/g, '.');
    if (!header[1] && tables.has(name)) return `the table [${name}] a second time`;
    if (!header[1]) tables.add(name);
    scan.at = end === -1 ? text.length : end;
    return '';
  }
  const lead = text.slice(scan.at).length - text.slice(scan.at).trimStart().length;
  const assign = ASSIGN.exec(text.slice(scan.at + lead));
  if (!assign) return 'a line that is neither a [table] nor key = value';
  scan.at += lead + assign[0].length;
  return scanValue(text, scan);
}

/** Why `text` is not TOML Codex can read ("line 3: ..."), or undefined when it looks fine. */
export function tomlProblem(text: string): string | undefined {
  const scan: Scan = { at: 0, line: 1 };
  const tables = new Set<string>();
  while (scan.at < text.length) {
    if (text[scan.at] === '\n') {
      scan.at += 1;
      scan.line += 1;
      continue;
    }
    const line = scan.line;
    const problem = scanLine(text, scan, tables);
    if (problem) return `line ${line}: ${problem}`;
  }
  return undefined;
}
