/** What recall knows about the code an observation describes. */
export const ANCHOR_STATES = ['fresh', 'changed', 'gone', 'unknown'] as const;

/** `fresh`: as anchored; `changed`: a file differs; `gone`: a file was deleted; `unknown`: cannot tell. */
export type AnchorState = (typeof ANCHOR_STATES)[number];

/** One anchored file now. */
export interface FileVerdict {
  path: string;
  state: AnchorState;
  /** Where git says the file went (a rename since the anchored commit). */
  movedTo?: string;
  /** Lines now minus lines then, when both are known. */
  lineDelta?: number;
}

/** An observation's state: the worst of its files (gone, then changed, then fresh). */
export interface AnchorVerdict {
  state: AnchorState;
  files: FileVerdict[];
}
