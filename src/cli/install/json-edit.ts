import { parseJsonc, type JsonMember, type JsonNode } from './jsonc.ts';

type Json = Record<string, unknown>;
interface Edit {
  start: number;
  end: number;
  text: string;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep equality of JSON values, key order aside. */
export function sameJson(a: unknown, b: unknown): boolean {
  // Merges clone what they keep, in order: most equal values are equal as written.
  if (a === b || JSON.stringify(a) === JSON.stringify(b)) return true;
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

/** The file's indent unit: its first indented key's, else two spaces. */
const unitOf = (text: string): string => /\n([ \t]+)["{[/]/.exec(text)?.[1] ?? '  ';

/** The file's line end: CRLF when it has one, else LF. */
const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

/** The whitespace that starts the line `at` is on. */
function lineIndent(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** Where the next `,` after `from` is (comments and whitespace skipped), or -1. */
function commaAfter(text: string, from: number): number {
  const rest = /^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*,/.exec(text.slice(from));
  return rest ? from + rest[0].length - 1 : -1;
}

/** The start of a member's line (its newline) when only whitespace precedes it there. */
function lineStart(text: string, at: number): number {
  const nl = text.lastIndexOf('\n', at - 1);
  if (nl === -1 || text.slice(nl + 1, at).trim() !== '') return at;
  return text[nl - 1] === '\r' ? nl - 1 : nl;
}

/** The end of the line after `at` when only a comment or spaces follow there, else `at`. */
function lineEnd(text: string, at: number): number {
  const rest = /^[ \t]*(?:\/\/[^\n]*|\/\*[^\n]*?\*\/[ \t]*)?(?=\r?\n)/.exec(text.slice(at));
  return rest ? at + rest[0].length : at;
}

function render(value: unknown, indent: string, file: string, multiline: boolean): string {
  const text = JSON.stringify(value, null, multiline ? unitOf(file) : undefined);
  return multiline ? text.replace(/\n/g, `${eolOf(file)}${indent}`) : text;
}

/** Removes runs of members: each run with the comma that tied it to a kept neighbour. */
function removeMembers(text: string, node: JsonNode, gone: Set<number>, edits: Edit[]): void {
  const members = node.members;
  if (gone.size === members.length) {
    edits.push({ start: node.start + 1, end: node.end - 1, text: '' });
    return;
  }
  for (let i = 0; i < members.length; i += 1) {
    if (!gone.has(i)) continue;
    let j = i;
    while (gone.has(j + 1)) j += 1;
    const first = members[i] as JsonMember;
    const last = members[j] as JsonMember;
    const multiline = lineStart(text, first.start) !== first.start;
    const comma = commaAfter(text, last.end);
    if (multiline && comma !== -1) {
      // The run's own comma goes with it (and a comment on its line): the one before it stays.
      edits.push({ start: lineStart(text, first.start), end: lineEnd(text, comma + 1), text: '' });
    } else if (multiline) {
      const before = commaAfter(text, (members[i - 1] as JsonMember).end);
      edits.push({ start: before, end: before + 1, text: '' });
      edits.push({ start: lineStart(text, first.start), end: lineEnd(text, last.end), text: '' });
    } else if (i > 0) {
      edits.push({
        start: commaAfter(text, (members[i - 1] as JsonMember).end),
        end: last.end,
        text: '',
      });
    } else {
      edits.push({ start: first.start, end: (members[j + 1] as JsonMember).start, text: '' });
    }
    i = j;
  }
}

/** Appends members after the last one (or into an empty container), laid out like it. */
function appendMembers(text: string, node: JsonNode, items: string[], edits: Edit[]): void {
  const unit = unitOf(text);
  const eol = eolOf(text);
  const last = node.members.at(-1);
  if (!last) {
    const indent = lineIndent(text, node.start);
    const inner = items.map((item) => `${eol}${indent}${unit}${item}`).join(',');
    edits.push({ start: node.start + 1, end: node.end - 1, text: `${inner}${eol}${indent}` });
    return;
  }
  const multiline = lineStart(text, last.start) !== last.start;
  const trailing = commaAfter(text, last.end);
  const anchor = lineEnd(text, trailing !== -1 ? trailing + 1 : last.end);
  const indent = lineIndent(text, last.start);
  const joined = multiline
    ? items.map((item) => `${eol}${indent}${item}`).join(',')
    : items.map((item) => ` ${item}`).join(',');
  // Pushed before the comma: at one offset, the edit applied later lands in front.
  edits.push({ start: anchor, end: anchor, text: joined + (trailing !== -1 ? ',' : '') });
  if (trailing === -1) edits.push({ start: last.end, end: last.end, text: ',' });
}

function diffObject(text: string, node: JsonNode, now: Json, next: Json, edits: Edit[]): void {
  const gone = new Set<number>();
  node.members.forEach((member, i) => {
    if (!((member.key ?? '') in next)) gone.add(i);
  });
  const added = Object.keys(next).filter((key) => !(key in now));
  if (gone.size > 0 && added.length > 0) return replace(text, node, next, edits);
  for (const member of node.members) {
    const key = member.key ?? '';
    if (key in next) diff(text, member.node, now[key], next[key], edits);
  }
  if (gone.size > 0) removeMembers(text, node, gone, edits);
  if (added.length === 0) return;
  const indent = node.members.length > 0 ? lineIndent(text, node.members[0]?.start ?? 0) : '';
  const multiline = node.members.length === 0 || /\n/.test(text.slice(node.start, node.end));
  const items = added.map(
    (key) =>
      `${JSON.stringify(key)}: ${render(next[key], indent || lineIndent(text, node.start) + unitOf(text), text, multiline)}`,
  );
  appendMembers(text, node, items, edits);
}

function diffArray(text: string, node: JsonNode, now: unknown[], next: unknown[], edits: Edit[]) {
  if (now.length === next.length) {
    node.members.forEach((member, i) => diff(text, member.node, now[i], next[i], edits));
    return;
  }
  if (next.length > now.length && now.every((item, i) => sameJson(item, next[i]))) {
    const multiline = node.members.length === 0 || /\n/.test(text.slice(node.start, node.end));
    const indent =
      node.members.length > 0
        ? lineIndent(text, node.members[0]?.start ?? 0)
        : lineIndent(text, node.start) + unitOf(text);
    const items = next.slice(now.length).map((item) => render(item, indent, text, multiline));
    return appendMembers(text, node, items, edits);
  }
  const gone = new Set<number>();
  let k = 0;
  now.forEach((item, i) => {
    if (k < next.length && sameJson(item, next[k])) k += 1;
    else gone.add(i);
  });
  if (k === next.length) return removeMembers(text, node, gone, edits);
  replace(text, node, next, edits);
}

function replace(text: string, node: JsonNode, next: unknown, edits: Edit[]): void {
  const multiline = /\n/.test(text.slice(node.start, node.end)) || node.members.length === 0;
  const out = render(next, lineIndent(text, node.start), text, multiline);
  edits.push({ start: node.start, end: node.end, text: out });
}

function diff(text: string, node: JsonNode, now: unknown, next: unknown, edits: Edit[]): void {
  // Equal as written: a value equal but for key order is descended into and edits nothing.
  if (now === next || JSON.stringify(now) === JSON.stringify(next)) return;
  if (node.kind === 'object' && isObject(now) && isObject(next)) {
    return diffObject(text, node, now, next, edits);
  }
  if (node.kind === 'array' && Array.isArray(now) && Array.isArray(next)) {
    return diffArray(text, node, now, next, edits);
  }
  replace(text, node, next, edits);
}

/**
 * `text` (JSON or JSONC) changed to hold `next`, touching only what differs: added keys and
 * items go after the last member in its layout, removed ones go with their comma and line, and
 * comments elsewhere stay where they were. Installing then uninstalling gives the same bytes.
 */
export function editJson(text: string, next: unknown): string {
  const { value, tree } = parseJsonc(text);
  const edits: Edit[] = [];
  diff(text, tree, value, next, edits);
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
