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
      while (/\s/.test(text[this.at] ?? '')) this.at += 1;
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

  string(): string {
    const match = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(
      this.text.slice(this.at),
    );
    if (!match) this.fail('a complete "string"');
    this.at += match[0].length;
    return JSON.parse(match[0]) as string;
  }

  scalar(): unknown {
    const match = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      this.text.slice(this.at),
    );
    if (!match) this.fail('a value');
    this.at += match[0].length;
    return JSON.parse(match[0]) as unknown;
  }

  value(): { value: unknown; node: JsonNode } {
    this.skip();
    const start = this.at;
    const open = this.text[this.at];
    if (open === '{' || open === '[') return this.container(open);
    const value = open === '"' ? this.string() : this.scalar();
    return { value, node: { kind: 'value', start, end: this.at, members: [] } };
  }

  container(open: '{' | '['): { value: unknown; node: JsonNode } {
    const start = this.at;
    const close = open === '{' ? '}' : ']';
    const members: JsonMember[] = [];
    const object: Record<string, unknown> = {};
    const array: unknown[] = [];
    this.at += 1;
    for (;;) {
      this.skip();
      if (this.text[this.at] === close) break;
      const memberStart = this.at;
      let key: string | undefined;
      if (open === '{') {
        if (this.text[this.at] !== '"') this.fail(`a "key" or ${close}`);
        key = this.string();
        this.skip();
        if (this.text[this.at] !== ':') this.fail('":"');
        this.at += 1;
      }
      const { value, node } = this.value();
      members.push({ key, start: memberStart, end: node.end, node });
      if (key === undefined) array.push(value);
      else object[key] = value;
      this.skip();
      if (this.text[this.at] === ',') this.at += 1;
      else if (this.text[this.at] !== close) this.fail(`"," or "${close}"`);
    }
    this.at += 1;
    const kind = open === '{' ? 'object' : 'array';
    return { value: open === '{' ? object : array, node: { kind, start, end: this.at, members } };
  }
}

/** Parses JSON with comments and trailing commas; throws a SyntaxError naming line and column. */
export function parseJsonc(text: string): ParsedJson {
  const reader = new Reader(text);
  if (text.startsWith('\uFEFF')) reader.at = 1;
  const { value, node } = reader.value();
  reader.skip();
  if (reader.at < text.length) reader.fail('the end of the file');
  return { value, tree: node };
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
