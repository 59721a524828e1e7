import { claimFile, injectedIds, type Db } from '../store/index.ts';
import { fileEntries } from './recall-entries.ts';
import type { AnchorStates } from './anchor-marks.ts';
import { applyAnchors, renderRecall, type RecallBlock } from './recall-lines.ts';
import { clip } from './text.ts';

/** One file the agent is about to read or edit. */
export interface FileRecallRequest {
  project: string;
  sessionId: string;
  /** As the tool names it: absolute, or relative to the project root. */
  file: string;
  root?: string | undefined;
  now: number;
  /** Anchor states of candidates: gone ones are left out, changed ones marked. */
  anchorStates?: AnchorStates | undefined;
}

/** At most 2 short lines. */
export const FILE_BUDGET = { maxItems: 2, maxTokens: 150, maxBytes: 600 } as const;

/**
 * File-time recall: the newest observations (pinned first) that read or modified the file,
 * once per file per session. The index's lines of SessionStart do not count as shown here: the
 * line at the moment the file is opened is the point; what prompt-time or file-time recall
 * already gave is left out. Claims the file only when it has something to say, so a file with
 * no memory yet can still be spoken about later in the session.
 */
export function fileRecall(db: Db, request: FileRecallRequest): RecallBlock {
  const shown = injectedIds(db, request.sessionId, ['prompt', 'file']);
  const found = fileEntries(db, request, shown, FILE_BUDGET.maxItems * 3);
  const { entries, marks } = applyAnchors(found, request.anchorStates);
  if (entries.length === 0) return { text: '', ids: [] };
  const name = relativeName(request.file, request.root);
  const heading = `Memories of ${clip(name, 120)} (claude-mem; get_observations for details):`;
  const block = renderRecall(heading, entries, FILE_BUDGET, { titleChars: 90, marks });
  if (block.ids.length === 0) return block;
  // The file itself is the distinctive term: each line read or modified it.
  const reasons = block.ids.map((id) => ({ id, reason: `read or modified ${clip(name, 120)}` }));
  return claimFile(db, request.sessionId, name, request.now)
    ? { ...block, reasons }
    : { text: '', ids: [] };
}

function relativeName(file: string, root: string | undefined): string {
  return root && file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}
