import { throughDoor } from '../privacy-door.ts';

/**
 * How a content column is written: free `text`, a `list` (JSON text of strings), the closed
 * observation `type`, or a prompt number (`count`).
 */
export type ColumnKind = 'text' | 'list' | 'type' | 'count';

/** The kinds of memory whose content people, tools or teammates wrote. */
export type MemoryKind = 'observation' | 'summary';

/**
 * The content columns of an observation: what the compressor, a person or a teammate wrote.
 * The one list: every writer (capture, save_memory, edits, import, team pull) maps its input
 * through `contentValues`, export and team sync carry these columns, and the privacy door takes
 * every `text` and `list` one of them. A new column of text is one line here (and its migration).
 */
export const OBSERVATION_CONTENT = {
  prompt_number: 'count',
  type: 'type',
  title: 'text',
  subtitle: 'text',
  narrative: 'text',
  facts: 'list',
  concepts: 'list',
  files_read: 'list',
  files_modified: 'list',
  search_keys: 'text',
} as const satisfies Record<string, ColumnKind>;

/** The content columns of a turn summary; the same one list for every writer as above. */
export const SUMMARY_CONTENT = {
  prompt_number: 'count',
  request: 'text',
  investigated: 'text',
  learned: 'text',
  completed: 'text',
  next_steps: 'text',
  notes: 'text',
  files_read: 'list',
  files_modified: 'list',
} as const satisfies Record<string, ColumnKind>;

const CONTENT: Record<
  MemoryKind,
  { table: string; columns: Readonly<Record<string, ColumnKind>> }
> = {
  observation: { table: 'observations', columns: OBSERVATION_CONTENT },
  summary: { table: 'summaries', columns: SUMMARY_CONTENT },
};

/** The table of a kind of memory and its content columns, each with how it is written. */
export function contentColumns(kind: MemoryKind): {
  table: string;
  columns: Readonly<Record<string, ColumnKind>>;
} {
  return CONTENT[kind];
}

/** The door list: the content columns of `kind` that hold text people or tools wrote. */
export function doorColumns(kind: MemoryKind): string[] {
  return Object.entries(CONTENT[kind].columns)
    .filter(([, how]) => how === 'text' || how === 'list')
    .map(([column]) => column);
}

const camelNames = new Map<string, string>();

/** `files_read` -> `filesRead`, remembered: the mapper runs once per stored row. */
function camel(column: string): string {
  let name = camelNames.get(column);
  if (name === undefined) {
    name = column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    camelNames.set(column, name);
  }
  return name;
}

/** A column value as the database takes it: lists (arrays) as JSON text. */
type ColumnValue = string | number | null;

/**
 * The row mapper of an observation or a summary: the content columns of `input` as column
 * values. Each column is read under its own name or its camelCase spelling (`files_read`,
 * `filesRead`); a column `input` lacks (or holds undefined) is left out, so an insert takes the
 * column's default and an update keeps what is stored. Every text and list column passes the
 * privacy door; lists become JSON text.
 */
export function contentValues(kind: MemoryKind, input: object): Record<string, ColumnValue> {
  const source = input as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  const door: string[] = [];
  for (const [column, how] of Object.entries(CONTENT[kind].columns)) {
    const value = column in source ? source[column] : source[camel(column)];
    if (value === undefined) continue;
    picked[column] = value;
    if (how === 'text' || how === 'list') door.push(column);
  }
  const clean = throughDoor(picked, { text: door });
  const out: Record<string, ColumnValue> = {};
  for (const [column, value] of Object.entries(clean)) {
    out[column] = Array.isArray(value) ? JSON.stringify(value) : (value as ColumnValue);
  }
  return out;
}

/**
 * `INSERT INTO table (names) VALUES (@names)` for the keys of `values`, then the columns of
 * `expressions` with their SQL, then `tail`.
 */
export function insertSql(
  table: string,
  values: object,
  tail = '',
  expressions: Readonly<Record<string, string>> = {},
): string {
  const names = [...Object.keys(values), ...Object.keys(expressions)];
  const given = [...Object.keys(values).map((n) => `@${n}`), ...Object.values(expressions)];
  return `INSERT INTO ${table} (${names.join(', ')}) VALUES (${given.join(', ')}) ${tail}`;
}
