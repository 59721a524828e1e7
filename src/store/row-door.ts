import { OBSERVATION_TYPES, type ObservationType } from '../domain/index.ts';
import { contentColumns, type ColumnKind, type MemoryKind } from './memory/memory-columns.ts';

/** A row that cannot be made sound: stored nowhere, set aside with this reason. */
export class RowRefusedError extends Error {
  override name = 'RowRefusedError';
}

/** Sizes a stored row keeps, the same for a row from capture, save_memory, import or a pull. */
export const ROW_LIMITS = {
  /** The heuristic compressor writes titles of a few hundred characters (a command line). */
  title: 500,
  subtitle: 1000,
  /** Narratives, summary fields, search keys: save_memory's own limit. */
  body: 10_000,
  searchKeys: 300,
  listItems: 50,
  listItem: 4096,
} as const;

/** An hour of clock skew between machines is tolerated; a time past it is a wrong time. */
const SKEW_MS = 3_600_000;

/**
 * A stored time in ms: a whole number between 0 and an hour past `now`. A time in the future
 * past that (`created_at = 9e18` once made reads answer 500 and dates print `NaN-NaN-NaN`), or
 * no time at all, becomes `now`; a negative one 0.
 */
export function soundTime(value: unknown, now: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n > now + SKEW_MS) return now;
  return Math.max(0, Math.round(n));
}

// C0 and C1 controls but tab and newline, and DEL: they move a terminal's cursor, set its title.
const CONTROLS = /\r\n?|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` without control characters (a CR or CRLF becomes a newline), cut to `max` characters. */
export function soundText(value: unknown, max: number): string {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : '';
  const clean = text.replace(CONTROLS, (c) => (c[0] === '\r' ? '\n' : ''));
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

function listItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    // Not JSON: a bare path or word, kept as the one item it is.
    return [value];
  }
}

/**
 * A list of strings from a JSON list, a JSON text of one, or a bare string: numbers and flags
 * become their text, objects their JSON, null and blank entries are dropped; at most
 * ROW_LIMITS.listItems entries. Entries are otherwise kept as they are (duplicates too: a local
 * row may hold them, and an export must come back the same).
 */
export function soundList(value: unknown): string[] {
  const out: string[] = [];
  for (const item of listItems(value)) {
    if (item === null || item === undefined) continue;
    const text = soundText(
      typeof item === 'object' ? JSON.stringify(item) : item,
      ROW_LIMITS.listItem,
    );
    if (text.trim() !== '') out.push(text);
    if (out.length === ROW_LIMITS.listItems) break;
  }
  return out;
}

/** A prompt number: a whole number from 0, else `fallback`. */
export function soundCount<T>(value: unknown, fallback: T): number | T {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : fallback;
}

/** Whether `value` is one of the observation types. */
export function isObservationType(value: unknown): value is ObservationType {
  return typeof value === 'string' && (OBSERVATION_TYPES as readonly string[]).includes(value);
}

/** A known observation type, else `discovery`. */
export function soundType(value: unknown): ObservationType {
  return isObservationType(value) ? value : 'discovery';
}

const CAPS: Record<string, number> = {
  title: ROW_LIMITS.title,
  subtitle: ROW_LIMITS.subtitle,
  search_keys: ROW_LIMITS.searchKeys,
};

function firstLine(...texts: string[]): string {
  const line = texts.map((t) => t.trim().split('\n')[0]?.trim() ?? '').find((t) => t !== '');
  return soundText(line ?? 'untitled', ROW_LIMITS.title);
}

/** A sound value of content column `column` (written as `how`) of a `kind` of memory. */
export function soundColumn(
  kind: MemoryKind,
  column: string,
  how: ColumnKind,
  value: unknown,
): SoundValue {
  switch (how) {
    case 'count':
      return soundCount(value, kind === 'summary' ? 0 : null);
    case 'type':
      return soundType(value);
    case 'list':
      return soundList(value);
    case 'text':
      return soundText(value, CAPS[column] ?? ROW_LIMITS.body);
    default:
      how satisfies never;
      return null;
  }
}

/** A content value made sound: text, a list of strings, a prompt number or none. */
export type SoundValue = string | number | null | string[];

/**
 * The content columns `input` holds (save_memory, an edit) made sound, and nothing else: a
 * column it lacks stays out, so an edit keeps what is stored.
 */
export function soundPresent(kind: MemoryKind, input: object): Record<string, SoundValue> {
  const source = input as Record<string, unknown>;
  const out: Record<string, SoundValue> = {};
  for (const [column, how] of Object.entries(contentColumns(kind).columns)) {
    if (source[column] !== undefined) out[column] = soundColumn(kind, column, how, source[column]);
  }
  return out;
}

/**
 * The content of an observation or a summary from a row that came in (a pull, an import), made
 * sound: every content column (`columns`, the kind's one list unless given) as text without
 * control characters cut to the local sizes, lists of strings, a known type, a title (from the
 * subtitle or narrative when empty), a prompt number (0 for a summary when missing). Throws
 * RowRefusedError when `body` is no object.
 */
export function soundMemory(
  kind: MemoryKind,
  body: unknown,
  columns: Readonly<Record<string, ColumnKind>> = contentColumns(kind).columns,
): Record<string, SoundValue> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RowRefusedError(
      `its body is ${Array.isArray(body) ? 'a list' : typeof body}, not an object`,
    );
  }
  const input = body as Record<string, unknown>;
  const out: Record<string, SoundValue> = {};
  for (const [column, how] of Object.entries(columns)) {
    out[column] = soundColumn(kind, column, how, input[column]);
  }
  if (kind === 'observation' && String(out.title ?? '').trim() === '') {
    out.title = firstLine(String(out.subtitle ?? ''), String(out.narrative ?? ''));
  }
  return out;
}
