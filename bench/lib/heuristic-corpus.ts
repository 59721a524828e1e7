import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDataDir, loadSettings } from '../../src/config/index.ts';
import { openDatabase, type Db } from '../../src/store/index.ts';
import { createCompressionService } from '../../src/worker/compression/compression-service.ts';
import { createOpenLinks } from '../../src/worker/open-links.ts';
import { silentLogger } from '../../test/helpers/logger.ts';
import { replayCorpus } from '../../test/helpers/replay.ts';
import { storeReplayInProcess } from '../../test/helpers/replay-in-process.ts';
import { benchCorpusDirs } from './corpus.ts';

/**
 * The real transcript corpus captured with the hooks' own code in process and compressed by the
 * heuristic provider, in a temp database (`dirs`: other transcript folders, as given); `done` closes and removes it.
 */
export async function heuristicCorpus(
  dirs: readonly string[] = [],
): Promise<{ db: Db; done(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'claude-mem-bench-'));
  ensureDataDir(dataDir);
  const db = openDatabase(join(dataDir, 'claude-mem.db'));
  const settings = {
    ...loadSettings(dataDir, {}).settings,
    'compress.provider': 'heuristic' as const,
  };
  storeReplayInProcess(db, dataDir, settings, replayCorpus(benchCorpusDirs(dirs)));
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
  return {
    db,
    done() {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
