/**
 * A JSON reader that also takes comments and trailing commas (JSONC, as Gemini CLI reads its
 * settings.json) and keeps where each value is in the text, so an edit can change only the
 * characters it means to (json-edit.ts) and the user's comments and layout stay.
 */

/** A value's place in the text; objects and arrays list their members. */
export interface JsonNode {
  kind: 'object' | 'array' | 'value';
  /** Offset of the value's first character, and one past its last. */
  start: number;
  end: number;
  /** Members in text order: an object's properties (from the key) or an array's items. */
  members: JsonMember[];
}

/** One property (from its key to the end of its value) or one array item. */
export interface JsonMember {
  key?: string;
  start: number;
  end: number;
  node: JsonNode;
}

/** What a parse gives: the value, and the tree of where its parts are. */
export interface ParsedJson {
  value: unknown;
  tree: JsonNode;
}

const STRING = /"(?:[^"\\\u0000-\u001f]+|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const SCALAR = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  fail(expected: string): never {
    const before = this.text.slice(0, this.at).split('\n');
    const where = `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
    throw new SyntaxError(`expected ${expected} at ${where}`);
  }

  /** Skips whitespace, `// line` and `/* block *\/` comments. */
  skip(): void {
    const text = this.text;
    for (;;) {
      let code = text.charCodeAt(this.at);
      while (code === 32 || code === 10 || code === 13 || code === 9)
        code = text.charCodeAt(++this.at);
      if (text.startsWith('//', this.at)) {
        const nl = text.indexOf('\n', this.at);
        this.at = nl === -1 ? text.length : nl;
      } else if (text.startsWith('/*', this.at)) {
        const close = text.indexOf('*/', this.at + 2);
        if (close === -1) this.fail('the end of a /* comment */');
        this.at = close + 2;
      } else return;
    }
  }

  /** The token `pattern` (sticky) matches here, consumed; fails naming what was expected. */
  token(pattern: RegExp, expected: string): string {
    pattern.lastIndex = this.at;
    const match = pattern.exec(this.text);
    if (!match) this.fail(expected);
    this.at += match[0].length;
    return match[0];
  }

  string(): string {
    const token = this.token(STRING, 'a complete "string"');
    return token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);
  }

  scalar(): unknown {
    return JSON.parse(this.token(SCALAR, 'a value')) as unknown;
  }

  /** Reads one value; with `keep` false it only checks and steps over it (no allocation). */
  value(keep: boolean): unknown {
    this.skip();
    const open = this.text[this.at];
    if (open === '{' || open === '[') return this.container(open, keep);
    if (open === '"') return keep ? this.string() : this.token(STRING, 'a complete "string"');
    return keep ? this.scalar() : this.token(SCALAR, 'a value');
  }

  container(open: '{' | '[', keep: boolean): unknown {
    const close = open === '{' ? '}' : ']';
    const object: Record<string, unknown> = {};
    const array: unknown[] = [];
    this.at += 1;
    for (;;) {
      this.skip();
      if (this.text[this.at] === close) break;
      const key = open === '{' ? this.key(close) : undefined;
      const value = this.value(keep);
      if (keep && key === undefined) array.push(value);
      else if (keep && key !== undefined) object[key] = value;
      this.separator(close);
    }
    this.at += 1;
    return open === '{' ? object : array;
  }

  key(close: string): string {
    if (this.text[this.at] !== '"') this.fail(`a "key" or ${close}`);
    const key = this.string();
    this.skip();
    if (this.text[this.at] !== ':') this.fail('":"');
    this.at += 1;
    return key;
  }

  separator(close: string): void {
    this.skip();
    if (this.text[this.at] === ',') this.at += 1;
    else if (this.text[this.at] !== close) this.fail(`"," or "${close}"`);
  }
}

/**
 * The node of the value at `start`. Its members are found when first asked for, stepping over
 * each member's value without building it: an edit descends only where values differ, so a
 * large file (Claude Code's ~/.claude.json holds every project's history) is scanned about once.
 */
function nodeAt(text: string, start: number): JsonNode {
  const reader = new Reader(text);
  reader.at = start;
  reader.value(false);
  const open = text[start];
  const kind = open === '{' ? 'object' : open === '[' ? 'array' : 'value';
  let members: JsonMember[] | undefined;
  return {
    kind,
    start,
    end: reader.at,
    get members(): JsonMember[] {
      members ??= kind === 'value' ? [] : membersOf(text, start);
      return members;
    },
  };
}

function membersOf(text: string, start: number): JsonMember[] {
  const reader = new Reader(text);
  const close = text[start] === '{' ? '}' : ']';
  const members: JsonMember[] = [];
  reader.at = start + 1;
  for (;;) {
    reader.skip();
    if (text[reader.at] === close) return members;
    const memberStart = reader.at;
    const key = close === '}' ? reader.key(close) : undefined;
    reader.skip();
    const node = nodeAt(text, reader.at);
    reader.at = node.end;
    members.push({ key, start: memberStart, end: node.end, node });
    reader.separator(close);
  }
}

/** Parses JSON with comments and trailing commas; throws a SyntaxError naming line and column. */
export function parseJsonc(text: string): ParsedJson {
  const reader = new Reader(text);
  reader.at = text.startsWith('\uFEFF') ? 1 : 0;
  let value: unknown;
  try {
    value = JSON.parse(reader.at === 1 ? text.slice(1) : text); // plain JSON: the fast way
  } catch {
    value = reader.value(true);
    reader.skip();
    if (reader.at < text.length) reader.fail('the end of the file');
  }
  reader.at = text.startsWith('\uFEFF') ? 1 : 0;
  reader.skip();
  return { value, tree: nodeAt(text, reader.at) };
}

/**
 * The text with whitespace outside strings and comments taken out: two texts with the same
 * shape differ in layout only (uninstall may then give back the backup's exact bytes).
 */
export function jsonShape(text: string): string {
  return text.replace(/("(?:[^"\\]|\\.)*")|(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|\s+/g, (all, s, c) =>
    typeof s === 'string' ? s : typeof c === 'string' ? c : '',
  );
}
