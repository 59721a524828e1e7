// Database bytes per observation, against the bytes of the data itself (the baseline: the text
// of every stored field, no keys, no indexes), measured on the same database in the same run:
//   1. the real corpus (../shared/eval-data) captured with the hooks' own code in process and
//      compressed by the heuristic provider: events (tool input/output) + observations + FTS;
//   2. N synthetic observations alone (default 100k, bench/lib/synthetic.ts), as a long-lived
//      memory looks once events are pruned; with their FTS indexes;
//   3. 512-d vectors (sqlite-vec, hash embedder) for 10k of those, per observation.
// Sizes are page counts after a WAL checkpoint (what the file holds), split by table (dbstat).
// Usage: node --import tsx bench/db-bytes.ts [--observations 100000] [--vectors 10000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDataDir, loadSettings } from '../src/config/index.ts';
import { openDatabase, type Db } from '../src/store/index.ts';
import { createCompressionService } from '../src/worker/compression/compression-service.ts';
import { createOpenLinks } from '../src/worker/open-links.ts';
import { silentLogger } from '../test/helpers/logger.ts';
import { replayCorpus } from '../test/helpers/replay.ts';
import { benchCorpusDirs } from './lib/corpus.ts';
import { storeReplayInProcess } from '../test/helpers/replay-in-process.ts';
import { createRecallStack, flags } from './lib/recall-stack.ts';
import { fixed, printTable } from './lib/stats.ts';
import { seedSynthetic } from './lib/synthetic.ts';

const args = flags();
const OBSERVATIONS = Number(args.get('observations') ?? 100_000);
const VECTORS = Number(args.get('vectors') ?? 10_000);

/** Bytes of the file after a checkpoint, and by table family (dbstat). */
function sizes(db: Db): { total: number; parts: Record<string, number> } {
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  const total = Number(db.pragma('page_count', { simple: true })) * pageSize;
  const rows = db
    .prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name')
    .all() as Array<{
    name: string;
    bytes: number;
  }>;
  const family = (name: string): string =>
    /fts/.test(name)
      ? 'full-text indexes'
      : /vec|vector|embedding/.test(name)
        ? 'vectors'
        : /^(events|events_by)/.test(name)
          ? 'events'
          : /^observations/.test(name)
            ? 'observations'
            : 'other';
  const parts: Record<string, number> = {};
  for (const row of rows) parts[family(row.name)] = (parts[family(row.name)] ?? 0) + row.bytes;
  return { total, parts };
}

const one = (db: Db, sql: string): number => Number(db.prepare(sql).pluck().get() ?? 0);

/** The text of every stored observation field: what an observation is, without any index. */
const OBSERVATION_TEXT = `SELECT COALESCE(SUM(LENGTH(CAST(title AS BLOB)) + LENGTH(CAST(subtitle AS BLOB)) + LENGTH(CAST(narrative AS BLOB))
  + LENGTH(CAST(facts AS BLOB)) + LENGTH(CAST(concepts AS BLOB)) + LENGTH(CAST(files_read AS BLOB))
  + LENGTH(CAST(files_modified AS BLOB))), 0) FROM observations`;
const EVENT_TEXT = `SELECT COALESCE(SUM(LENGTH(CAST(tool_input AS BLOB)) + LENGTH(CAST(COALESCE(tool_response, '') AS BLOB))
  + LENGTH(CAST(COALESCE(error, '') AS BLOB))), 0) FROM events`;
const OTHER_TEXT = `SELECT (SELECT COALESCE(SUM(LENGTH(CAST(text AS BLOB))), 0) FROM prompts)
  + (SELECT COALESCE(SUM(LENGTH(CAST(last_assistant_message AS BLOB))), 0) FROM turns)
  + (SELECT COALESCE(SUM(LENGTH(CAST(request AS BLOB)) + LENGTH(CAST(learned AS BLOB)) + LENGTH(CAST(completed AS BLOB))
     + LENGTH(CAST(investigated AS BLOB)) + LENGTH(CAST(next_steps AS BLOB)) + LENGTH(CAST(notes AS BLOB))), 0) FROM summaries)`;

async function corpus(): Promise<string[][]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'claude-mem-bench-'));
  ensureDataDir(dataDir);
  const db = openDatabase(join(dataDir, 'claude-mem.db'));
  const settings = {
    ...loadSettings(dataDir, {}).settings,
    'compress.provider': 'heuristic' as const,
  };
  storeReplayInProcess(db, dataDir, settings, replayCorpus(benchCorpusDirs()));
  const deps = {
    db,
    dataDir,
    port: 1,
    token: 't',
    links: createOpenLinks(),
    version: 'bench',
    startedAt: 0,
    settings,
    log: silentLogger,
    now: Date.now,
    onApplied: () => undefined,
  };
  const service = createCompressionService(deps, { env: {} });
  service.loop.kick();
  await service.loop.idle();
  await service.stop();
  const observations = one(db, 'SELECT COUNT(*) FROM observations');
  const events = one(db, 'SELECT COUNT(*) FROM events');
  const data = one(db, OBSERVATION_TEXT) + one(db, EVENT_TEXT) + one(db, OTHER_TEXT);
  const { total, parts } = sizes(db);
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
  return [
    row(
      `real corpus: ${events} events -> ${observations} observations (heuristic)`,
      total,
      data,
      observations,
    ),
    ...breakdown(parts, total, observations),
  ];
}

/** One row per table family holding at least 0.5 % of the file. */
function breakdown(parts: Record<string, number>, total: number, count: number): string[][] {
  return Object.entries(parts)
    .filter(([, bytes]) => bytes / total >= 0.005)
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => share(`  of which ${name}`, bytes, total, count));
}

function synthetic(): string[][] {
  const stack = createRecallStack('off');
  seedSynthetic(stack.db, OBSERVATIONS, Date.now());
  const data = one(stack.db, OBSERVATION_TEXT);
  const { total, parts } = sizes(stack.db);
  stack.close();
  return [
    row(
      `synthetic: ${OBSERVATIONS.toLocaleString('en-US')} observations alone`,
      total,
      data,
      OBSERVATIONS,
    ),
    ...breakdown(parts, total, OBSERVATIONS),
  ];
}

async function vectors(): Promise<string[][]> {
  const stack = createRecallStack('hash', { batchSize: 512, dimensions: 512 });
  seedSynthetic(stack.db, VECTORS, Date.now());
  const before = sizes(stack.db).total;
  await stack.embedAll();
  const after = sizes(stack.db).total;
  stack.close();
  const raw = VECTORS * 512 * 4;
  return [
    row(
      `512-d vectors for ${VECTORS.toLocaleString('en-US')} observations (added bytes)`,
      after - before,
      raw,
      VECTORS,
    ),
  ];
}

const kb = (bytes: number): string => fixed(bytes / 1024, 1);

function row(label: string, total: number, data: number, count: number): string[] {
  return [
    label,
    fixed(total / 1e6, 1),
    kb(total / count),
    kb(data / count),
    `${fixed(total / data, 2)}x`,
  ];
}

function share(label: string, bytes: number, total: number, count: number): string[] {
  return [
    label,
    fixed(bytes / 1e6, 1),
    kb(bytes / count),
    '',
    `${fixed((bytes / total) * 100, 0)}% of file`,
  ];
}

async function main(): Promise<void> {
  const rows = [...(await corpus()), ...synthetic(), ...(VECTORS > 0 ? await vectors() : [])];
  console.log(
    `database bytes per observation (baseline: the bytes of the stored text itself), node ${process.version}\n`,
  );
  printTable(
    ['database', 'file MB', 'KB / observation', 'data KB / observation (baseline)', 'file / data'],
    rows,
  );
}

await main();
