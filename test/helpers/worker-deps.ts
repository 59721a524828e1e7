import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { ensureDataDir, loadSettings, type Settings } from '../../src/config/index.ts';
import { openDatabase } from '../../src/store/index.ts';
import { createOpenLinks, type WorkerDeps } from '../../src/worker/index.ts';
import { recordingLogger } from './logger.ts';
import { tempDir } from './temp-dir.ts';

/** The token and port every in-process test app uses. */
export const TEST_TOKEN = 'test-token-0123456789abcdef';
export const TEST_PORT = 37999;
export const TEST_HOST = `127.0.0.1:${TEST_PORT}`;

/**
 * WorkerDeps built by hand for `createApp`: a real database in a temp data dir, default settings
 * (overridable), a fixed clock and token. The database is closed when the test ends.
 */
export function createTestDeps(
  t: TestContext,
  overrides: Partial<Omit<WorkerDeps, 'settings'>> & { settings?: Partial<Settings> } = {},
): WorkerDeps & { log: ReturnType<typeof recordingLogger> } {
  const dataDir = tempDir(t);
  ensureDataDir(dataDir);
  const db = openDatabase(join(dataDir, 'claude-mem.db'));
  t.after(() => db.close());
  const { settings, ...rest } = overrides;
  return {
    db,
    dataDir,
    port: TEST_PORT,
    token: TEST_TOKEN,
    links: createOpenLinks(),
    version: '9.9.9-test',
    startedAt: 1_000,
    now: () => 6_000,
    onApplied: () => undefined,
    ...rest,
    settings: { ...loadSettings(dataDir, {}).settings, ...settings },
    log: recordingLogger(),
  };
}
