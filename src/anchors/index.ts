export { createAnchorChecker, overallState, type AnchorChecker } from './check-anchors.ts';
export { MAX_ANCHOR_BYTES, gitBlobId } from './file-digest.ts';
export { makeAnchors } from './make-anchors.ts';
export * from './types.ts';
