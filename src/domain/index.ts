// The wire types of the worker's HTTP API are imported from their own files
// (`viewer-api.ts`, `recall-api.ts`): both name their full observation `ObservationItem`.
export * from './anchor-verdict.ts';
export * from './embedding-status.ts';
export * from './memory.ts';
export * from './observation-types.ts';
export * from './tokens.ts';
export * from './command-shape.ts';
export * from './consolidation.ts';
export * from './ledger.ts';
export * from './fact-subjects.ts';
export * from './truth-notes.ts';
