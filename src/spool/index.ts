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
export { sweepStaleTemps } from './stale-temp.ts';
export { keepInReserve, LOW_SPACE_BYTES, measureFreeBytes, RESERVE_SLOTS } from './reserve.ts';
export { tendReserve } from './reserve-keeper.ts';
