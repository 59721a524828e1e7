import type { Logger, Settings } from '../config/index.ts';
import type { Db } from '../store/index.ts';
import type { Applied } from './capture/apply-event.ts';
import type { DbHealth } from './db-fault.ts';
import type { HookTraffic } from './hook-traffic.ts';
import type { DiskHealth } from './disk-health.ts';
import type { OpenLinks } from './open-links.ts';

/** Everything the worker's routes use: built once by the composition root. */
export interface WorkerDeps {
  db: Db;
  dataDir: string;
  port: number;
  token: string;
  /** One-time viewer sign-in links (`claude-mem open`). */
  links: OpenLinks;
  version: string;
  startedAt: number;
  settings: Settings;
  log: Logger;
  now: () => number;
  /** Called after events were stored (the live stream and the compressor listen here). */
  onApplied: (applied: Applied[]) => void;
  /** The database's faults as ingest met them, for /health (absent in some in-process tests). */
  dbHealth?: DbHealth;
  /** Hook requests in flight, which background writes let pass first (absent in some tests). */
  hookTraffic?: HookTraffic;
  /**
   * Team onboarding: waits briefly for the first pull of a folder's team project before its
   * SessionStart context is built (set by the daemon from the team service; absent: no wait).
   */
  teamFirstPull?: (project: string, root: () => string | undefined) => Promise<void>;
  /** The data folder's disk and the hooks' disk-full reserve (absent in in-process tests). */
  diskHealth?: DiskHealth;
}
