// The fast seeding path of the scale benches: synthetic observations (bench/lib/synthetic.ts's
// Zipf vocabulary) generated in chunks and stored through the bulk insert of the test
// helpers (insertObservations, which defers the index work as `claude-mem import` does), timed against
// plain INSERTs of the same rows into a bare table of another database file: the bulk rate and
// its baseline from the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../../src/store/index.ts';
import { insertObservations, type BulkObservation } from '../../test/helpers/bulk-insert.ts';
import { random, vocabulary } from './synthetic.ts';

const TYPES = ['bugfix', 'feature', 'refactor', 'change', 'discovery', 'decision'];
/** Projects besides `bench`: team memory holds many projects, and a search names one. */
const OTHER_PROJECTS = 19;
const CHUNK = 10_000;

/** What seeding took: ours (bulk insert, FTS maintained) and the bare INSERTs of the same rows. */
export interface SeedTiming {
  rows: number;
  bulkMs: number;
  plainMs: number;
  generateMs: number;
}

/** A phrase generator over the Zipf vocabulary, seeded: every run builds the same corpus. */
export function wordSource(seed = 1): { draw: () => string; phrase: (n: number) => string } {
  const { draw } = vocabulary(20_000, random(seed));
  const phrase = (n: number): string => {
    let text = draw();
    for (let i = 1; i < n; i += 1) text += ` ${draw()}`;
    return text;
  };
  return { draw, phrase };
}

/** Row `i` of `count`: every other one in project `bench`, one a minute up to `end`. */
function synthetic(
  words: ReturnType<typeof wordSource>,
  i: number,
  count: number,
  end: number,
): BulkObservation {
  const { draw, phrase } = words;
  return {
    project: i % 2 === 0 ? 'bench' : `project-${i % OTHER_PROJECTS}`,
    type: TYPES[i % TYPES.length]!,
    title: phrase(6 + (i % 5)),
    subtitle: phrase(8),
    narrative: phrase(40 + (i % 40)),
    facts: [phrase(8), phrase(8)],
    concepts: [draw(), draw()],
    filesRead: [`src/${draw()}/${draw()}.ts`],
    contentHash: `synthetic-${i}`,
    pinned: i % 997 === 0,
    createdAt: end - (count - i) * 60_000,
  };
}

const PLAIN_TABLE = `CREATE TABLE plain (id INTEGER PRIMARY KEY, project TEXT, type TEXT,
  title TEXT, subtitle TEXT, narrative TEXT, facts TEXT, concepts TEXT, files_read TEXT,
  content_hash TEXT, pinned INTEGER, created_at INTEGER)`;

/** A bare database with one index-free table: the plain INSERT baseline, removed by `close`. */
function plainSink(): { insert: (rows: readonly BulkObservation[]) => void; close: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'claude-mem-plain-'));
  const db = new Database(join(dir, 'plain.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(PLAIN_TABLE);
  const insert = db.prepare(
    `INSERT INTO plain (project, type, title, subtitle, narrative, facts, concepts, files_read,
       content_hash, pinned, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertAll = db.transaction((rows: readonly BulkObservation[]) => {
    for (const o of rows) {
      insert.run(
        o.project,
        o.type,
        o.title,
        o.subtitle,
        o.narrative,
        JSON.stringify(o.facts),
        JSON.stringify(o.concepts),
        JSON.stringify(o.filesRead),
        o.contentHash,
        o.pinned ? 1 : 0,
        o.createdAt,
      );
    }
  });
  const close = () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { insert: insertAll, close };
}

/**
 * Seeds `count` observations ending at `end` into `db` through the bulk insert, chunk by chunk,
 * and the same rows into a bare table (the baseline); prints progress to stderr.
 */
export function seedBulk(db: Db, count: number, end: number): SeedTiming {
  const words = wordSource();
  const plain = plainSink();
  const timing: SeedTiming = { rows: 0, bulkMs: 0, plainMs: 0, generateMs: 0 };
  for (let start = 0; start < count; start += CHUNK) {
    let t = performance.now();
    const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, k) =>
      synthetic(words, start + k, count, end),
    );
    timing.generateMs += performance.now() - t;
    t = performance.now();
    plain.insert(rows);
    timing.plainMs += performance.now() - t;
    t = performance.now();
    timing.rows += insertObservations(db, rows);
    timing.bulkMs += performance.now() - t;
    if ((start / CHUNK) % 10 === 9) process.stderr.write(`  seeded ${start + rows.length}\n`);
  }
  plain.close();
  return timing;
}
