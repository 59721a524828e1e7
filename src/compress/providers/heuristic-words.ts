/** `1 file`, `2 files`, `1 search`, `3 searches` (the plural given when it is not `-s`). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
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

/** What a line of code is about: a declaration, a test, a heading, a call or a set value. */
export type Topic =
  { kind: 'declared' | 'test' | 'section'; name: string } | { kind: 'call' | 'set'; name: string };

function callIn(text: string): string | undefined {
  const calls = [...text.matchAll(CALL)]
    .map((match) => match[1] ?? '')
    .filter((name) => !NOT_CALLS.has(name));
  // The innermost plain call is the new part more often than its receiver: app.post(rateLimit(5)).
  return calls.find((name) => !name.includes('.')) ?? calls[0];
}

/** What a line is about, namable in a note; undefined when it tells nothing. */
export function lineTopic(line: string): Topic | undefined {
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
  const call = callIn(text);
  if (call) return { kind: 'call', name: call };
  const assigned = ASSIGNED.exec(text)?.[1];
  return assigned ? { kind: 'set', name: assigned } : undefined;
}

/** A topic as the change an edit made: `added function x`, `now calls y`, `changed z`. */
export function editPhrase(topic: Topic): string {
  if (topic.kind === 'call') return `now calls ${topic.name}`;
  if (topic.kind === 'set') return `changed ${topic.name}`;
  return `added ${topic.name}`;
}

/** A topic as what a new or rewritten file holds: `with function x`, `calling y`, `setting z`. */
export function contentPhrase(topic: Topic): string {
  if (topic.kind === 'call') return `calling ${topic.name}`;
  if (topic.kind === 'set') return `setting ${topic.name}`;
  return `with ${topic.name}`;
}
