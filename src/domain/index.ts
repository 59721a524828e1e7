// The wire types of the worker's HTTP API are imported from their own files (`viewer-api.ts`:
// the feed's `ObservationItem`; `recall-api.ts`: the full `ObservationDetail`).
export * from './agents.ts';
export * from './anchor-verdict.ts';
export * from './embedding-status.ts';
export * from './memory.ts';
export * from './observation-types.ts';
export * from './one-of.ts';
export * from './provider-names.ts';
export * from './scopes.ts';
export * from './search-modes.ts';
export * from './session-sources.ts';
export * from './team-shares.ts';
export * from './tokens.ts';
export * from './command-shape.ts';
export * from './consolidation.ts';
export * from './ledger.ts';
export * from './fact-subjects.ts';
export * from './truth-notes.ts';
