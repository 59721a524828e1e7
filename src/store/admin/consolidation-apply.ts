import type { Changeset, ConsolidationMerge } from '../../domain/index.ts';
import { restoreRows, snapshotRows, type RowImage } from './consolidation-rows.ts';
import { stmt, type Db } from '../statements.ts';

interface Merged {
  id: number;
  title: string;
  subtitle: string;
  narrative: string;
  facts: string;
  concepts: string;
  files_read: string;
  files_modified: string;
  search_keys: string;
  source_event_ids: string;
}

const list = (json: string): unknown[] => JSON.parse(json) as unknown[];
const union = (rows: Merged[], pick: (row: Merged) => string): string =>
  JSON.stringify([...new Set(rows.flatMap((row) => list(pick(row))))]);

/**
 * The merged memory: the newest's title and narrative; every fact, concept, file and source
 * event of the group; and the others' titles, subtitles, narratives and search keys as search
 * keys, so that every query that found one of them finds it.
 */
function mergedRow(rows: Merged[]): Omit<Merged, 'id'> {
  const [into, ...rest] = rows as [Merged, ...Merged[]];
  const words = rest.flatMap((row) => [row.title, row.subtitle, row.narrative, row.search_keys]);
  const keys = [...new Set([into.search_keys, ...words].filter((text) => text.trim() !== ''))];
  const events = rows.flatMap((row) => list(row.source_event_ids) as number[]);
  return {
    title: into.title,
    subtitle: into.subtitle,
    narrative: into.narrative,
    facts: union(rows, (row) => row.facts),
    concepts: union(rows, (row) => row.concepts),
    files_read: union(rows, (row) => row.files_read),
    files_modified: union(rows, (row) => row.files_modified),
    search_keys: keys.join('\n'),
    source_event_ids: JSON.stringify([...new Set(events)].sort((a, b) => a - b)),
  };
}

function applyMerge(db: Db, merge: ConsolidationMerge, journal: number, at: number): void {
  const ids = [merge.into, ...merge.from];
  const rows = ids.map((id) =>
    stmt(db, 'SELECT * FROM observations WHERE id = ?').get(id),
  ) as Merged[];
  stmt(
    db,
    `UPDATE observations SET title = @title, subtitle = @subtitle, narrative = @narrative,
       facts = @facts, concepts = @concepts, files_read = @files_read,
       files_modified = @files_modified, search_keys = @search_keys,
       source_event_ids = @source_event_ids, updated_at = @at WHERE id = @id`,
  ).run({ ...mergedRow(rows), id: merge.into, at });
  for (const id of merge.from) takeOut(db, id, merge.into, 'merged', journal);
}

function takeOut(db: Db, id: number, into: number | null, reason: string, journal: number) {
  stmt(
    db,
    'INSERT INTO consolidated (source_id, into_id, reason, journal_id) VALUES (?, ?, ?, ?)',
  ).run(id, into, reason, journal);
  stmt(db, 'DELETE FROM observations WHERE id = ?').run(id);
}

const touched = (changeset: Changeset): number[] => [
  ...changeset.merges.flatMap((merge) => [merge.into, ...merge.from]),
  ...changeset.drops.map((drop) => drop.id),
];

/**
 * Applies a changeset in one transaction, recorded in the journal with the rows it changes as
 * they were (observations and their anchors, dead-end keys and vectors): merges update the
 * newest of each group and take the others out, drops take theirs out. Returns the journal id.
 */
export function applyConsolidation(db: Db, changeset: Changeset, at: number): number {
  return db
    .transaction(() => {
      const ids = touched(changeset);
      const journal = Number(
        stmt(
          db,
          `INSERT INTO consolidation_journal (project, created_at, changeset, before_rows)
           VALUES (?, ?, ?, ?)`,
        ).run(
          changeset.project,
          at,
          JSON.stringify(changeset),
          JSON.stringify(snapshotRows(db, ids)),
        ).lastInsertRowid,
      );
      for (const merge of changeset.merges) applyMerge(db, merge, journal, at);
      for (const drop of changeset.drops) takeOut(db, drop.id, null, drop.reason, journal);
      return journal;
    })
    .immediate();
}

/** Why an undo cannot be done, as a code and words for people. */
export class UndoRefused extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'ALREADY_UNDONE' | 'LATER_CHANGE',
    message: string,
  ) {
    super(message);
  }
}

interface JournalRow {
  id: number;
  changeset: string;
  before_rows: string;
  undone_at: number | null;
}

/**
 * Undoes journal entry `id`: every row it changed comes back exactly as it was, the memories it
 * took out included, in one transaction. Refused when a later consolidation still applied
 * touched the same memories (undo that one first). Returns the changeset undone.
 */
export function undoConsolidation(db: Db, id: number, at: number): Changeset {
  return db
    .transaction(() => {
      const row = stmt(db, 'SELECT * FROM consolidation_journal WHERE id = ?').get(id) as
        JournalRow | undefined;
      if (!row) throw new UndoRefused('NOT_FOUND', `no consolidation #${id} in the journal`);
      if (row.undone_at !== null)
        throw new UndoRefused('ALREADY_UNDONE', `consolidation #${id} was undone already`);
      const changeset = JSON.parse(row.changeset) as Changeset;
      const ids = touched(changeset);
      const later = laterOverlap(db, id, ids);
      if (later !== undefined)
        throw new UndoRefused(
          'LATER_CHANGE',
          `consolidation #${later} changed the same memories later: undo #${later} first`,
        );
      restoreRows(db, ids, JSON.parse(row.before_rows) as RowImage);
      stmt(db, 'DELETE FROM consolidated WHERE journal_id = ?').run(id);
      stmt(db, 'UPDATE consolidation_journal SET undone_at = ? WHERE id = ?').run(at, id);
      return { ...changeset, journalId: id };
    })
    .immediate();
}

function laterOverlap(db: Db, id: number, ids: number[]): number | undefined {
  const mine = new Set(ids);
  const later = stmt(
    db,
    'SELECT id, changeset FROM consolidation_journal WHERE id > ? AND undone_at IS NULL ORDER BY id DESC',
  ).all(id) as Array<{ id: number; changeset: string }>;
  return later.find((entry) =>
    touched(JSON.parse(entry.changeset) as Changeset).some((x) => mine.has(x)),
  )?.id;
}
