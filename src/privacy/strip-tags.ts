/** Tags whose whole block, content included, never leaves the user's machine. */
export const STRIPPED_TAGS: ReadonlySet<string> = new Set([
  'private',
  'claude-mem-context',
  // Prompt-time and file-time recall: memory given back, never memory to store again.
  'claude-mem-recall',
  'system-reminder',
]);
const LONGEST_NAME = 'claude-mem-context'.length;
const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;

/** One of our tags, as read at a `<`. `end` is the index just after its `>`. */
interface TagToken {
  readonly name: string;
  readonly closing: boolean;
  readonly selfClosing: boolean;
  readonly end: number;
}

function isNameChar(code: number): boolean {
  // a-z, A-Z, 0-9 and '-': enough to tell `<private>` from `<privateer>` or `<private-x>`.
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d
  );
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0c;
}

/**
 * Index of the `>` closing a tag whose name ended at `from`, or -1. Stops at a `<` so that every
 * character is looked at by at most one call: this is what keeps the whole scan linear.
 */
function findTagEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === GT) return i;
    if (code === LT) return -1;
  }
  return -1;
}

/** Reads the tag starting at the `<` at `lt`; null when it is not one of ours. */
function readTag(text: string, lt: number): TagToken | null {
  const closing = text.charCodeAt(lt + 1) === SLASH;
  const nameStart = closing ? lt + 2 : lt + 1;
  let i = nameStart;
  while (i - nameStart <= LONGEST_NAME && isNameChar(text.charCodeAt(i))) i++;
  const name = text.slice(nameStart, i).toLowerCase();
  if (!STRIPPED_TAGS.has(name)) return null;
  const next = text.charCodeAt(i);
  if (next !== GT && next !== SLASH && !isSpace(next)) return null;
  const gt = findTagEnd(text, i);
  if (gt < 0) return null;
  const selfClosing = !closing && text.charCodeAt(gt - 1) === SLASH;
  return { name, closing, selfClosing, end: gt + 1 };
}

/**
 * Index just after the closer matching `opener`, counting nested openers of the same name.
 * Without a matching closer the block runs to the end of the text: privacy errs on hiding.
 */
function findBlockEnd(text: string, opener: TagToken): number {
  let depth = 1;
  let cursor = opener.end;
  for (;;) {
    const lt = text.indexOf('<', cursor);
    if (lt < 0) return text.length;
    const tag = readTag(text, lt);
    cursor = tag === null ? lt + 1 : tag.end;
    if (tag === null || tag.name !== opener.name || tag.selfClosing) continue;
    depth += tag.closing ? -1 : 1;
    if (depth === 0) return tag.end;
  }
}

/**
 * One left-to-right pass: the text outside our blocks, whether any of our tags was seen, and
 * where the first one started (-1: none).
 */
function scanTags(text: string): { kept: string; found: boolean; first: number } {
  const parts: string[] = [];
  let copyFrom = 0;
  let cursor = 0;
  let first = -1;
  for (;;) {
    const lt = text.indexOf('<', cursor);
    if (lt < 0) break;
    const tag = readTag(text, lt);
    if (tag === null) {
      cursor = lt + 1;
      continue;
    }
    if (first < 0) first = lt;
    parts.push(text.slice(copyFrom, lt));
    // A stray closer or `<private/>` is dropped on its own; an opener takes its block with it.
    cursor = tag.closing || tag.selfClosing ? tag.end : findBlockEnd(text, tag);
    copyFrom = cursor;
  }
  if (first < 0) return { kept: text, found: false, first };
  parts.push(text.slice(copyFrom));
  return { kept: parts.join(''), found: true, first };
}

/**
 * Passes before giving up on text whose removals keep forming new tags from the pieces around
 * them (`<pri<private>x</private>vate>`): found by fuzzing; real text needs at most two.
 */
const MAX_PASSES = 4;

/**
 * Removes `<private>`, `<claude-mem-context>`, `<claude-mem-recall>` and `<system-reminder>` blocks
 * with their content.
 * Tag names are case-insensitive and may carry attributes (`<private reason="x">`); nested
 * blocks of the same name are matched by depth; an unclosed opener hides the rest of the text;
 * a closer without an opener is removed on its own; pieces that form a new tag once a block
 * between them is gone are stripped again. Runs in linear time and never throws.
 *
 * @example stripTags('a<private>secret</private>b') // 'ab'
 */
export function stripTags(text: string): string {
  // Most text has no tag at all: one search instead of a scan and its result.
  if (!text.includes('<')) return text;
  let kept = text;
  for (let pass = 0; ; pass += 1) {
    const scan = scanTags(kept);
    if (!scan.found) return kept;
    // Still re-forming after MAX_PASSES: hide everything from the first tag left.
    if (pass === MAX_PASSES) return kept.slice(0, scan.first);
    kept = scan.kept;
  }
}

/**
 * True when `text` holds at least one of the stripped tags and nothing but whitespace is left
 * once they are stripped: the whole message was meant to stay private.
 */
export function isFullyPrivate(text: string): boolean {
  const kept = stripTags(text);
  return kept !== text && kept.trim() === '';
}
