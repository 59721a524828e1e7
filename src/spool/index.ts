export { parseSpoolEvent } from './event.ts';
export type { SpoolEvent, SpoolKind, SpoolProject, ParsedSpool } from './event.ts';
export { writeSpoolEvent, newEventId, spoolFileName } from './writer.ts';
export type { WriteFile } from './writer.ts';
export { listSpool, readSpoolBatch, removeSpoolFile } from './reader.ts';
export { quarantine, countQuarantined, releaseQuarantine } from './quarantine.ts';
export type { WriteNote } from './quarantine.ts';
export type { SpoolEntry, BadSpoolEntry } from './reader.ts';
export {
  recordSpoolError,
  clearSpoolError,
  readSpoolError,
  spoolErrorFile,
} from './spool-error.ts';
export type { SpoolWriteError } from './spool-error.ts';
export { sweepStaleTemps, STALE_TEMP_MS } from './stale-temp.ts';
export type { SweptTemps } from './stale-temp.ts';
export {
  keepInReserve,
  reserveDir,
  LOW_SPACE_BYTES,
  measureFreeBytes,
  RESERVE_SLOTS,
  RESERVE_SLOT_BYTES,
} from './reserve.ts';
export { tendReserve } from './reserve-keeper.ts';
export type { ReserveState } from './reserve-keeper.ts';
