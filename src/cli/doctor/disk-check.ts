import { LOW_SPACE_BYTES, measureFreeBytes } from '../../spool/index.ts';
import { fail, ok, warn, type CheckResult } from './check.ts';

/** The `disk` part of the worker's /health answer. */
interface DiskReport {
  ok?: boolean;
  reason?: string;
  freeBytes?: number;
  reserveFree?: number;
  reserveSlots?: number;
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The disk under the data folder: the worker's view when it runs (free space, the hooks'
 * disk-full reserve, events that came through it), else a look at the free space from here.
 */
export function checkDisk(
  dataDir: string,
  health: Record<string, unknown> | undefined,
): CheckResult {
  const disk = health?.disk as DiskReport | undefined;
  if (disk?.ok === false) return fail('disk', disk.reason ?? 'the worker reports the disk as full');
  const free = disk?.freeBytes ?? measureFreeBytes(dataDir);
  if (free === undefined)
    return warn('disk', `cannot tell how much space is free under ${dataDir}`);
  if (free < LOW_SPACE_BYTES) {
    return fail(
      'disk',
      `the disk holding ${dataDir} is full (${Math.floor(free / 1024)} KB free): free some space, hooks cannot capture until then`,
    );
  }
  const reserve =
    disk?.reserveFree === undefined ? '' : `, reserve ${disk.reserveFree}/${disk.reserveSlots}`;
  return ok('disk', `${mb(free)} free${reserve}`);
}
