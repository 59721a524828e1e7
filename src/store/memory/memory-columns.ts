import { mapRow, throughTheDoor, type ColumnValue } from '../row-mapper.ts';

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
    .filter(([, how]) => throughTheDoor(how))
    .map(([column]) => column);
}

/**
 * The row mapper of an observation or a summary: the content columns of `input` as column
 * values, through the store's one mapper (`mapRow`): read under their own or camelCase names,
 * left out when `input` lacks them, every text and list column through the privacy door, lists
 * as JSON text.
 */
export function contentValues(kind: MemoryKind, input: object): Record<string, ColumnValue> {
  return mapRow(CONTENT[kind].columns, input);
}
