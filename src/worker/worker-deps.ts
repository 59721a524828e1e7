import type { Logger, Settings } from '../config/index.ts';
import type { Db } from '../store/index.ts';
import type { Applied } from './capture/apply-event.ts';
import type { DbHealth } from './db-fault.ts';
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
  /** The data folder's disk and the hooks' disk-full reserve (absent in in-process tests). */
  diskHealth?: DiskHealth;
}
