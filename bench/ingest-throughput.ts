// Spool -> SQLite ingest throughput: in process (ingestAll on a real database) and end to end
// (the real worker draining a spool), against a bare better-sqlite3 loop of plain INSERTs of the
// same JSON, one transaction per 500 rows, so the ratio shows what our ingest costs on top.
// Usage: node --import tsx bench/ingest-throughput.ts [events]   (or BENCH_EVENTS; default 5000)
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile, ensureDataDir, spoolDir } from '../src/config/index.ts';
import { readSpoolBatch, writeSpoolEvent, type SpoolEvent } from '../src/spool/index.ts';
import { openDatabase } from '../src/store/index.ts';
import { ingestAll } from '../src/worker/index.ts';
import { createTestHome } from '../test/helpers/env.ts';
import { silentLogger } from '../test/helpers/logger.ts';
import { startWorker, stopWorker } from '../test/helpers/worker.ts';
import { readResponse, sourceText } from './lib/payloads.ts';
import { countArg, fixed, msSince, printTable } from './lib/stats.ts';

const EVENTS = countArg('BENCH_EVENTS', 5000);
const PER_SESSION = 250;
const PROMPT_EVERY = 25;
const BATCH = 500;

/** N spool events shaped like real sessions: a start, a prompt every 25 events, Read calls. */
function makeEvents(count: number, runId: string): SpoolEvent[] {
  const content = sourceText(5 * 1024);
  const at0 = Date.now();
  return Array.from({ length: count }, (_, i): SpoolEvent => {
    const base = {
      v: 1 as const,
      id: `${runId}-${i}`,
      at: at0 + i,
      sessionId: `${runId}-session-${Math.floor(i / PER_SESSION)}`,
      project: { name: 'bench', root: '/work/bench' },
      cwd: '/work/bench',
    };
    if (i % PER_SESSION === 0) return { ...base, kind: 'session-start', source: 'startup' };
    if (i % PROMPT_EVERY === 1)
      return { ...base, kind: 'prompt', text: `step ${i}: refactor handlers` };
    const filePath = `/work/bench/src/file-${i}.ts`;
    return {
      ...base,
      kind: 'tool',
      toolName: 'Read',
      toolUseId: `toolu_${runId}_${i}`,
      agentId: null,
      input: { file_path: filePath },
      response: readResponse(filePath, content),
      error: null,
      failed: false,
      durationMs: 3,
    };
  });
}

function tempRoot(): string {
  return mkdtempSync(join(tmpdir(), 'claude-mem-bench-'));
}

/** Writes every event durably into a fresh data dir's spool; returns the dir and the time. */
function spoolAll(events: SpoolEvent[]): { dataDir: string; ms: number } {
  const dataDir = join(tempRoot(), 'data');
  ensureDataDir(dataDir);
  const start = process.hrtime.bigint();
  for (const event of events) writeSpoolEvent(dataDir, event);
  return { dataDir, ms: msSince(start) };
}

/** The baseline: plain INSERTs of the same JSON into one table, a transaction per 500 rows. */
function bareInserts(events: SpoolEvent[]): number {
  const root = tempRoot();
  const db = new Database(join(root, 'bare.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE raw (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO raw (body) VALUES (?)');
  const insertMany = db.transaction((rows: SpoolEvent[]) => {
    for (const row of rows) insert.run(JSON.stringify(row));
  });
  const start = process.hrtime.bigint();
  for (let i = 0; i < events.length; i += BATCH) insertMany(events.slice(i, i + BATCH));
  const ms = msSince(start);
  db.close();
  rmSync(root, { recursive: true, force: true });
  return ms;
}

/** Reading and parsing the spool files alone (no database), to show what the files cost. */
function readOnly(dataDir: string): number {
  const start = process.hrtime.bigint();
  const { entries } = readSpoolBatch(dataDir, Number.MAX_SAFE_INTEGER);
  const ms = msSince(start);
  if (entries.length !== EVENTS) throw new Error(`read ${entries.length} of ${EVENTS} spool files`);
  return ms;
}

/**
 * Unlinking the durably written spool files alone: the worker removes each file after its commit,
 * and freeing blocks already on disk costs journal I/O, which varies with how busy the disk is.
 */
function unlinkOnly(dataDir: string): number {
  const names = readdirSync(spoolDir(dataDir)).filter((name) => name.endsWith('.json'));
  const start = process.hrtime.bigint();
  for (const name of names) unlinkSync(join(spoolDir(dataDir), name));
  return msSince(start);
}

/** ingestAll in this process on a real database. */
function inProcess(dataDir: string): number {
  const db = openDatabase(databaseFile(dataDir));
  const start = process.hrtime.bigint();
  const result = ingestAll(dataDir, db, silentLogger);
  const ms = msSince(start);
  const stored = db.prepare('SELECT COUNT(*) FROM ingested').pluck().get();
  db.close();
  if (result.stored !== EVENTS || stored !== EVENTS) {
    throw new Error(
      `in-process ingest stored ${result.stored} (${String(stored)} rows) of ${EVENTS}`,
    );
  }
  return ms;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * The real worker draining the spool: it starts on an empty spool, then every pre-written file
 * is renamed into its spool folder at once, and the clock runs until all N are committed.
 */
async function endToEnd(staged: string): Promise<{ ms: number; moveMs: number }> {
  const home = await createTestHome();
  await startWorker(home);
  const db = new Database(databaseFile(home.dataDir), { readonly: true });
  const count = db.prepare('SELECT COUNT(*) FROM ingested').pluck();
  const names = readdirSync(spoolDir(staged)).filter((name) => name.endsWith('.json'));
  mkdirSync(spoolDir(home.dataDir), { recursive: true });
  const start = process.hrtime.bigint();
  for (const name of names)
    renameSync(join(spoolDir(staged), name), join(spoolDir(home.dataDir), name));
  const moveMs = msSince(start);
  while ((count.get() as number) < EVENTS) await sleep(10);
  const ms = msSince(start);
  db.close();
  await stopWorker(home);
  home.cleanup();
  return { ms, moveMs };
}

const perSecond = (count: number, ms: number): string => fixed((count / ms) * 1000, 0);

async function main(): Promise<void> {
  const events = makeEvents(EVENTS, `run${process.pid}`);
  const bytes = events.reduce((sum, event) => sum + JSON.stringify(event).length, 0);
  const baseMs = bareInserts(events);
  const first = spoolAll(events);
  const readMs = readOnly(first.dataDir);
  const ingestMs = inProcess(first.dataDir);
  const second = spoolAll(events);
  const worker = await endToEnd(second.dataDir);
  const third = spoolAll(events);
  const unlinkMs = unlinkOnly(third.dataDir);
  for (const { dataDir } of [first, second, third]) {
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  }

  console.log(
    `ingest throughput: ${EVENTS} events (${fixed(bytes / EVENTS / 1024, 1)} KB avg JSON; ` +
      `${EVENTS / PER_SESSION} sessions, a prompt every ${PROMPT_EVERY}), node ${process.version}\n`,
  );
  const row = (stage: string, ms: number): string[] => [
    stage,
    fixed(ms, 0),
    perSecond(EVENTS, ms),
    `${fixed(ms / baseMs, 2)}x`,
  ];
  printTable(
    ['stage', 'ms', 'events/s', 'time / baseline'],
    [
      row('baseline: bare INSERT of the JSON, txn per 500', baseMs),
      row('spool write, fsync per event (hook side)', first.ms),
      row('read + parse spool files only (no db)', readMs),
      row('unlink fsync-written spool files only (no db)', unlinkMs),
      row('ingestAll in process (real db)', ingestMs),
      row('worker process drains the spool (end to end)', worker.ms),
    ],
  );
  console.log(
    `\n(end to end includes ${fixed(worker.moveMs, 0)} ms to rename the files into the spool)`,
  );
  const slowest = Math.min((EVENTS / ingestMs) * 1000, (EVENTS / worker.ms) * 1000);
  console.log(
    `target: >= 500 events/s: ${slowest >= 500 ? 'met' : 'NOT met'} (slowest ${fixed(slowest, 0)} events/s)`,
  );
}

await main();
