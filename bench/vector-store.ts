// Vector search in Chroma against sqlite-vec, same vectors, same run: indexing throughput (the
// stored vectors copied into each index: sqlite-vec's KNN table, a Chroma collection over HTTP)
// and query p50/p95 (top 20 in one project, through each store's search as the worker runs it).
// Vectors: the hash embedder at 512 dimensions (the local model's size). The Chroma server is the
// one in the chromadb npm package (a devDependency), started on a free loopback port.
// Usage: node --import tsx bench/vector-store.ts [--sizes 10000,100000] [--queries 200]
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createChromaStore,
  createEmbeddingRuntime,
  createHashEmbedder,
  createVectorIndex,
  loadSqliteVec,
  rebuildKnnIfStale,
  type NearestVectors,
} from '../src/search/index.ts';
import { observationsMark, openDatabase, type Db } from '../src/store/index.ts';
import { startChroma } from '../test/helpers/chroma-server.ts';
import { silentLogger } from '../test/helpers/logger.ts';
import { flags } from './lib/recall-stack.ts';
import { fixed, msSince, printTable, summarize, type Summary } from './lib/stats.ts';
import { random, seedSynthetic } from './lib/synthetic.ts';

const args = flags();
const SIZES = (args.get('sizes') ?? '10000,100000').split(',').map(Number);
const QUERIES = Number(args.get('queries') ?? 200);
const embedder = createHashEmbedder(512);

/** Seeds `size` observations and embeds them once into recall_vectors (no index yet). */
async function seeded(dir: string, size: number): Promise<{ db: Db; draw: () => string }> {
  mkdirSync(dir, { recursive: true });
  const db = openDatabase(join(dir, 'claude-mem.db'));
  loadSqliteVec(db);
  const { draw } = seedSynthetic(db, size, Date.now());
  const index = createVectorIndex(db, { knn: false });
  const runtime = createEmbeddingRuntime({
    index,
    embedder,
    changeMark: () => observationsMark(db),
    log: silentLogger,
    batchSize: 256,
  });
  await runtime.drain();
  await runtime.stop();
  return { db, draw };
}

async function timeQueries(store: NearestVectors, vectors: Float32Array[]): Promise<Summary> {
  const samples: number[] = [];
  for (const vector of vectors) {
    const start = process.hrtime.bigint();
    await store.search(vector, { project: 'bench' }, 20);
    samples.push(msSince(start));
  }
  return summarize(samples);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'claude-mem-bench-vs-'));
  const server = await startChroma(join(dir, 'chroma'));
  const rows: string[][] = [];
  try {
    for (const size of SIZES) {
      const { db, draw } = await seeded(join(dir, `db-${size}`), size);
      const next = random(7);
      const texts = Array.from({ length: QUERIES }, () =>
        Array.from({ length: 1 + Math.floor(next() * 3) }, draw).join(' '),
      );
      const vectors = await embedder.embed(texts);

      let start = process.hrtime.bigint();
      rebuildKnnIfStale(db); // Fills the KNN table from the stored vectors.
      const sqlite = createVectorIndex(db);
      const sqliteIndexMs = msSince(start);
      const chroma = createChromaStore(
        db,
        {
          url: server.url,
          tenant: 'default_tenant',
          database: 'default_database',
          collection: `bench-${size}`,
        },
        { log: silentLogger, changeMark: () => String(Date.now()), exactLimit: 0 },
      );
      start = process.hrtime.bigint();
      await chroma.drain();
      const chromaIndexMs = msSince(start);
      if (chroma.status().indexed !== size)
        throw new Error(`chroma holds ${chroma.status().indexed}`);

      const sqliteQ = await timeQueries(sqlite, vectors);
      const chromaQ = await timeQueries(chroma, vectors);
      const perSecond = (ms: number): string => fixed(size / (ms / 1000), 0);
      rows.push(
        [
          `${size}`,
          'sqlite-vec',
          fixed(sqliteQ.p50, 2),
          fixed(sqliteQ.p95, 2),
          perSecond(sqliteIndexMs),
          '1.00',
        ],
        [
          `${size}`,
          'chroma',
          fixed(chromaQ.p50, 2),
          fixed(chromaQ.p95, 2),
          perSecond(chromaIndexMs),
          fixed(chromaQ.p95 / sqliteQ.p95, 2),
        ],
      );
      db.close();
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `vector store: ${QUERIES} queries per size, top 20 in one project, 512-d hash vectors`,
  );
  printTable(
    ['observations', 'store', 'query p50 ms', 'query p95 ms', 'indexed/s', 'p95 vs sqlite-vec'],
    rows,
  );
}

await main();
