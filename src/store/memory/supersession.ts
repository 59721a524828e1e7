import { disagreement, factsOf, type Fact } from '../../domain/index.ts';
import type { Db } from '../statements.js';
import { stmt } from '../statements.ts';
import { symbolClash } from './symbol-clash.ts';

/** An observation as supersession reads it. */
interface Row {
  id: number;
  project: string;
  author: string | null;
  title: string;
  subtitle: string;
  facts: string;
  files_modified: string;
  files_read: string;
  created_at: number;
}

/** One mark made: `older` is superseded by `newer` on `subject`. */
export interface Supersession {
  older: number;
  newer: number;
  subject: string;
  /** The older is a teammate's and the newer not by its author: marked older here only. */
  local: boolean;
}

const COLUMNS = `id, project, author, title, subtitle, facts, files_modified, files_read, created_at`;
/** Candidates read per new memory: the subject's best full-text matches. */
const CANDIDATES = 40;

const list = (text: string): string[] => {
  const parsed: unknown = JSON.parse(text || '[]');
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

/** What a row states: its title, subtitle and facts (the narrative retells them loosely). */
export const statedText = (row: Pick<Row, 'title' | 'subtitle' | 'facts'>): string =>
  [row.title, row.subtitle, ...list(row.facts)].join('\n');

/** The one file a memory is about, when it modified exactly one. */
const fileOf = (row: Row): string | undefined => {
  const files = list(row.files_modified);
  return files.length === 1 ? files[0] : undefined;
};

/** A row's facts, read by the rules of src/domain/fact-subjects.ts. */
export const factsOfRow = (row: Row): Fact[] => factsOf(statedText(row), fileOf(row));

/** The words of a fact's subject, as an FTS5 query of quoted phrases (all must match). */
function subjectQuery(fact: Fact): string {
  const body = fact.subject.slice(fact.subject.indexOf(':') + 1).replace(/^.*#/, '');
  const words = body.split(/\s+/).filter((word) => /\w/.test(word));
  return words.map((word) => `"${word.replace(/"/g, '""')}"`).join(' ');
}

/** Memories of the project whose text may state one of these subjects (or name the symbols). */
function candidatesOf(db: Db, row: Row, queries: readonly string[]): Row[] {
  if (queries.length === 0) return [];
  const match = queries.map((query) => `(${query})`).join(' OR ');
  return stmt(
    db,
    `SELECT ${COLUMNS.split(', ')
      .map((column) => `o.${column}`)
      .join(', ')} FROM observations_fts f CROSS JOIN observations o ON o.id = f.rowid
     WHERE observations_fts MATCH @match AND o.project = @project AND o.id <> @id
       AND o.superseded_by IS NULL
     ORDER BY f.rowid DESC LIMIT ${CANDIDATES}`,
  ).all({ match, project: row.project, id: row.id }) as Row[];
}

const newerOf = (a: Row, b: Row): [Row, Row] =>
  a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id) ? [b, a] : [a, b];

/**
 * Marks `older` superseded by `newer`, dated when the newer was made (else `at`): the day the
 * fact changed, which a backfill compressing months of history must keep. A teammate's memory is superseded only by its
 * author; by anyone else it is marked older on this machine only (`superseded_local`).
 */
export function markSuperseded(
  db: Db,
  older: { id: number; author: string | null },
  newer: { id: number; author: string | null },
  at: number,
): boolean {
  const local = older.author !== null && older.author !== newer.author ? 1 : 0;
  const changed = stmt(
    db,
    `UPDATE observations SET superseded_by = @newer, superseded_local = @local,
       superseded_at = COALESCE((SELECT created_at FROM observations WHERE id = @newer), @at)
     WHERE id = @older AND superseded_by IS NULL AND id <> @newer`,
  ).run({ newer: newer.id, at, local, older: older.id }).changes;
  return changed > 0;
}

/**
 * The deterministic tier of supersession (issue 34): the memories of `id`'s project that state
 * a subject of it (a setting, version, port, place, owner, an approach it replaced; or the same
 * file and symbol with a contradicting title) with another value. The older of each pair is
 * marked superseded by the newer (a memory backfilled late can be the older). Scoped: only
 * memories sharing the subject, found by full text on its words, never a whole file's worth.
 */
export function supersedeByRules(db: Db, id: number, at: number): Supersession[] {
  const row = stmt(db, `SELECT ${COLUMNS} FROM observations WHERE id = ?`).get(id) as
    Row | undefined;
  if (!row) return [];
  const facts = factsOfRow(row);
  const symbols = symbolClash.symbolsOf(row.title);
  const queries = [...facts.map(subjectQuery), ...symbols.map((s) => `"${s}"`)].filter(Boolean);
  const made: Supersession[] = [];
  for (const other of candidatesOf(db, row, [...new Set(queries)])) {
    const [older, newer] = newerOf(other, row);
    const olderText = statedText(older);
    const subject =
      disagreement({ facts: factsOfRow(older), text: olderText }, factsOfRow(newer)) ??
      symbolClash.between(older, newer);
    if (!subject || !markSuperseded(db, older, newer, at)) continue;
    const local = older.author !== null && older.author !== newer.author;
    made.push({ older: older.id, newer: newer.id, subject, local });
    if (older.id === row.id) break; // the new memory itself is the older one: nothing more to do
  }
  return made;
}

/** One link of a supersession chain. */
export interface ChainRow {
  id: number;
  title: string;
  created_at: number;
  superseded_at: number | null;
}

/**
 * The supersession chain `id` belongs to, oldest first: what it superseded (and what those
 * superseded) and what superseded it, up to 20 links each way. Just `id` when it has none.
 */
export function supersessionChain(db: Db, id: number): ChainRow[] {
  return stmt(
    db,
    `WITH RECURSIVE
       back(id, depth) AS (SELECT @id, 0 UNION
         SELECT o.id, b.depth + 1 FROM back b JOIN observations o ON o.superseded_by = b.id
         WHERE b.depth < 20),
       ahead(id, depth) AS (SELECT @id, 0 UNION
         SELECT o.superseded_by, a.depth + 1 FROM ahead a JOIN observations o ON o.id = a.id
         WHERE o.superseded_by IS NOT NULL AND a.depth < 20)
     SELECT id, title, created_at, superseded_at FROM observations
     WHERE id IN (SELECT id FROM back UNION SELECT id FROM ahead) ORDER BY created_at, id`,
  ).all({ id }) as ChainRow[];
}

/**
 * The memory that says what is true now about each superseded one of `ids`: the end of its
 * chain of `superseded_by` (at most 20 links). Ids not superseded are absent from the map.
 */
export function currentOf(db: Db, ids: readonly number[]): Map<number, number> {
  const rows = stmt(
    db,
    `WITH RECURSIVE walk(start, id, depth) AS (
       SELECT o.id, o.superseded_by, 1 FROM observations o
       WHERE o.id IN (SELECT value FROM json_each(@ids)) AND o.superseded_by IS NOT NULL
       UNION ALL
       SELECT w.start, o.superseded_by, w.depth + 1 FROM walk w JOIN observations o ON o.id = w.id
       WHERE o.superseded_by IS NOT NULL AND w.depth < 20)
     SELECT start, id FROM walk w WHERE depth = (SELECT MAX(depth) FROM walk v WHERE v.start = w.start)`,
  ).all({ ids: JSON.stringify(ids) }) as Array<{ start: number; id: number }>;
  return new Map(rows.map((row) => [row.start, row.id]));
}
