import { throughDoor } from './privacy-door.ts';

/**
 * A table's column list: each column a writer may set, with how it is written. `text` (and
 * `list`, JSON text of strings) is what people or tools wrote and passes the privacy door; any
 * other kind (`value` for ids, keys, paths, times and states the program sets; the memory lists'
 * `type` and `count`) is written as given.
 */
export type ColumnList = Readonly<Record<string, string>>;

/** A column value as the database takes it: lists (arrays) as JSON text. */
export type ColumnValue = string | number | null;

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

/** Whether a column written as `how` holds text people or tools wrote: the door takes it. */
export const throughTheDoor = (how: string): boolean => how === 'text' || how === 'list';

/**
 * The one row mapper: the columns of `columns` that `input` holds, as column values. Each column
 * is read under its own name or its camelCase spelling (`files_read`, `filesRead`); a column
 * `input` lacks (or holds undefined) is left out, so an insert takes the column's default and an
 * update keeps what is stored, and whatever else `input` holds is not written. Every `text` and
 * `list` column passes the privacy door; lists become JSON text.
 */
export function mapRow(columns: ColumnList, input: object): Record<string, ColumnValue> {
  const source = input as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  const door: string[] = [];
  for (const [column, how] of Object.entries(columns)) {
    const value = column in source ? source[column] : source[camel(column)];
    if (value === undefined) continue;
    picked[column] = value;
    if (throughTheDoor(how)) door.push(column);
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
