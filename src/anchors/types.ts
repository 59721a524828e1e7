export {
  ANCHOR_STATES,
  type AnchorState,
  type AnchorVerdict,
  type FileVerdict,
} from '../domain/index.ts';
