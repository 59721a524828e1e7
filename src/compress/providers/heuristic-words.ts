/** `1 file`, `2 files`, `1 search`, `3 searches` (the plural given when it is not `-s`). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** `text` cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function clipWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

/** `mcp__github__create_issue` -> `create issue (github)`; other tool names as they are. */
export function toolLabel(name: string): string {
  const mcp = /^mcp__(.+?)__(.+)$/.exec(name);
  return mcp ? `${(mcp[2] ?? '').replace(/_/g, ' ')} (${mcp[1] ?? ''})` : name;
}

const KIND_WORDS: Record<string, string> = {
  function: 'function',
  def: 'function',
  defp: 'function',
  fn: 'function',
  class: 'class',
  interface: 'interface',
  type: 'type',
  enum: 'enum',
  struct: 'struct',
  impl: 'impl',
  module: 'module',
  defmodule: 'module',
  const: 'constant',
  let: 'variable',
  var: 'variable',
};

const DECLARED =
  /^(?:export\s+)?(?:default\s+)?(?:pub\s+)?(?:async\s+)?(function|def|defp|fn|class|interface|type|enum|struct|impl|module|defmodule|const|let|var)\s+([A-Za-z_$][\w$.?!]*)/;
const TEST_CASE = /^(?:describe|test|it)\s*\(\s*['"`]([^'"`]{1,60})/;
const HEADING = /^#{1,6}\s+(.{1,60})/;
const NOT_CALLS = new Set(['if', 'for', 'while', 'switch', 'return', 'catch', 'function', 'await']);
const CALL = /([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\(/g;
const ASSIGNED = /^["']?([A-Za-z_][\w.-]*)["']?\s*(?:=|:)\s*\S/;

/** What a line of code is about: a declaration, a test, a heading, a call, a set value, prose. */
export type Topic =
  | { kind: 'declared' | 'test' | 'section' | 'call' | 'says'; name: string }
  | { kind: 'set'; name: string; value?: string | undefined };

function callIn(text: string, known: (call: string) => boolean): string | undefined {
  const calls = [...text.matchAll(CALL)]
    .map((match) => match[1] ?? '')
    .filter((name) => !NOT_CALLS.has(name) && !known(name));
  // The innermost plain call is the new part more often than its receiver: app.post(rateLimit(5)).
  return calls.find((name) => !name.includes('.')) ?? calls[0];
}

/** A short, complete right-hand side worth quoting (`now() + ttl * 1000`), else undefined. */
function shortValue(text: string): string | undefined {
  const value = text.replace(/[,;]\s*$/, '').trim();
  const opens = (value.match(/[([{]/g) ?? []).length;
  const closes = (value.match(/[)\]}]/g) ?? []).length;
  return value !== '' && value.length <= 40 && opens === closes && !/[`]/.test(value)
    ? value
    : undefined;
}

/**
 * What a line is about, namable in a note; undefined when it tells nothing. `known` calls (the
 * old text made them already) are not news.
 */
export function lineTopic(
  line: string,
  known: (call: string) => boolean = () => false,
): Topic | undefined {
  const text = line.trim();
  const declared = DECLARED.exec(text);
  if (declared) {
    const kind = KIND_WORDS[declared[1] ?? ''] ?? '';
    return { kind: 'declared', name: `${kind} ${declared[2] ?? ''}`.trim() };
  }
  const testCase = TEST_CASE.exec(text)?.[1];
  if (testCase) return { kind: 'test', name: `test "${testCase}"` };
  const heading = HEADING.exec(text)?.[1];
  if (heading) return { kind: 'section', name: `section "${heading.trim()}"` };
  const call = callIn(text, known);
  if (call) return { kind: 'call', name: call };
  const assigned = ASSIGNED.exec(text);
  if (!assigned?.[1]) return undefined;
  return { kind: 'set', name: assigned[1], value: shortValue(text.slice(assigned[0].length - 1)) };
}

/** A topic as the change an edit made: `added function x`, `now calls y`, `changed z to 3`. */
export function editPhrase(topic: Topic): string {
  switch (topic.kind) {
    case 'call':
      return `now calls ${topic.name}`;
    case 'set':
      return topic.value ? `changed ${topic.name} to ${topic.value}` : `changed ${topic.name}`;
    case 'says':
      return `now says "${topic.name}"`;
    default:
      return `added ${topic.name}`;
  }
}

/** A topic as what a new or rewritten file holds: `with function x`, `calling y`, `setting z`. */
export function contentPhrase(topic: Topic): string {
  switch (topic.kind) {
    case 'call':
      return `calling ${topic.name}`;
    case 'set':
      return `setting ${topic.name}`;
    case 'says':
      return `saying "${topic.name}"`;
    default:
      return `with ${topic.name}`;
  }
}
