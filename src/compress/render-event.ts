import { elide } from '../privacy/index.ts';
import { compactText, trimSharedLines } from './compact-text.ts';
import { escapeAttr, escapeData } from './escape-data.ts';
import type { CompressEvent } from './types.ts';

/** Tools whose result only repeats their input (the edit itself): the result is not sent. */
const RESULT_REPEATS_INPUT = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

/** Keys that hold bookkeeping or copies of other fields, never worth tokens. */
const NOISE_KEYS = new Set([
  'originalFile',
  'originalFileContents',
  'structuredPatch',
  'oldString',
  'newString',
  'userModified',
  'replaceAll',
  'replace_all',
  'isImage',
  'noOutputExpected',
  'interrupted',
  'durationMs',
  'durationSeconds',
  'usage',
  'totalTokens',
  'toolStats',
  'totalDurationMs',
  'totalToolUseCount',
  'filePath',
  'type',
  'mode',
  'appliedLimit',
  'agentId',
  'backgroundTaskId',
  'timeout',
  'run_in_background',
  'max_results',
  'head_limit',
  'block',
  'numLines',
  'startLine',
  'totalLines',
]);

/**
 * The share of the field budget a successful call's result gets. What the agent did (command,
 * edit, written text) and a failure's error keep the whole budget; a result is evidence whose
 * head and tail (kept by elision) hold what an observation cites: the file's opening, the
 * command's status and counts.
 */
const RESULT_SHARE = 0.6;

/** The model needs to know text was cut and how much, not by whom: a third of the marker. */
const shortMarkers = (text: string): string =>
  text.replace(/…\[claude-mem: elided (\d+) of \d+ chars\]…/g, '…[$1 chars cut]…');

/** How an event is shown to the model. */
export interface RenderOptions {
  /** The project root; paths under it are shown relative to it. */
  root: string;
  /** Every field is elided to this many characters (head + tail + a marker). */
  fieldChars: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function scalarText(value: unknown): string {
  if (typeof value === 'string') return compactText(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return compactText(value.join('\n'));
  }
  return JSON.stringify(value) ?? '';
}

/** `key: value` lines of a field, one level of nesting flattened, each value elided. */
function fieldLines(value: unknown, max: number, prefix = '', depth = 0): string[] {
  if (value === null || value === undefined || value === '' || value === false) return [];
  if (!isRecord(value) || depth > 1) return [`${prefix}${elide(scalarText(value), max)}`];
  return Object.entries(value).flatMap(([key, child]) => {
    if (NOISE_KEYS.has(key)) return [];
    if (isRecord(child)) return fieldLines(child, max, `${prefix}${key}.`, depth + 1);
    const lines = fieldLines(child, max, '', depth + 1);
    return lines.map((line) => `${prefix}${key}: ${line}`);
  });
}

/** Replaces `<root>/` with nothing, so paths read relative to the project. */
export function relativize(text: string, root: string): string {
  return root.length > 1 ? text.split(`${root.replace(/\/+$/, '')}/`).join('') : text;
}

/** An edit's input with the context both its old and new text repeat cut down (see trimSharedLines). */
function withoutSharedLines(input: unknown): unknown {
  if (!isRecord(input)) return input;
  const { old_string: before, new_string: after } = input;
  if (typeof before !== 'string' || typeof after !== 'string') return input;
  const trimmed = trimSharedLines(before, after);
  return { ...input, old_string: trimmed.before, new_string: trimmed.after };
}

/** One event as the model sees it: a header with its number, input lines, result lines. */
export function renderEvent(event: CompressEvent, n: number, options: RenderOptions): string {
  const attrs = [`n="${n}"`, `tool="${escapeAttr(event.toolName)}"`];
  if (event.failed) attrs.push('failed="true"');
  if (event.agentId) attrs.push('subagent="true"');
  const max = options.fieldChars;
  const lines = fieldLines(withoutSharedLines(event.input), max);
  if (!event.failed && !RESULT_REPEATS_INPUT.has(event.toolName)) {
    const resultMax = Math.floor(max * RESULT_SHARE);
    lines.push(...fieldLines(event.response, resultMax).map((line) => `=> ${line}`));
  }
  if (event.error) lines.push(`error: ${elide(event.error, max)}`);
  const body = escapeData(shortMarkers(relativize(lines.join('\n'), options.root)));
  return `<event ${attrs.join(' ')}>\n${body}\n</event>`;
}
