export { openDatabase } from './db.ts';
export type { Db } from './db.ts';
export { migrate, currentVersion, LATEST_VERSION } from './migrate.ts';
export * from './sessions.ts';
export * from './captured.ts';
export type { Page } from './statements.ts';
export * from './memory-types.ts';
