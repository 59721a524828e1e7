export { createAnchorChecker, overallState, type AnchorChecker } from './check-anchors.ts';
export { MAX_ANCHOR_BYTES, gitBlobId } from './file-digest.ts';
export { workTreeOf } from './git-tree.ts';
export { makeAnchors } from './make-anchors.ts';
export * from './types.ts';
