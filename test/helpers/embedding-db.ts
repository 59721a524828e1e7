import { join } from 'node:path';
import type { TestContext } from 'node:test';
import {
  createEmbeddingRuntime,
  createHashEmbedder,
  createVectorIndex,
  loadSqliteVec,
} from '../../src/search/index.ts';
import type { EmbeddingRuntimeOptions } from '../../src/search/embedding-runtime.ts';
import { observationsMark, openDatabase } from '../../src/store/index.ts';
import { silentLogger } from './logger.ts';
import { tempDir } from './temp-dir.ts';

/**
 * A test database with sqlite-vec loaded, its vector index and an embedding runtime over it
 * (a 128-dimension hash embedder and a silent log unless `options` say otherwise). When the
 * test ends the runtime stops first, then the database closes.
 */
export function openEmbeddingDb(t: TestContext, options: Partial<EmbeddingRuntimeOptions> = {}) {
  const db = openDatabase(join(tempDir(t), 'claude-mem.db'));
  loadSqliteVec(db);
  const index = createVectorIndex(db);
  const runtime = createEmbeddingRuntime({
    index,
    embedder: createHashEmbedder(128),
    changeMark: () => observationsMark(db),
    log: silentLogger,
    ...options,
  });
  t.after(async () => {
    await runtime.stop();
    db.close();
  });
  return { db, index, runtime };
}
