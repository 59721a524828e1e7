import { commandText, specificShape } from '../domain/index.ts';
import { claimDeadEndWarning, deadEndsFor, type Db } from '../store/index.ts';
import type { RecallBlock } from './recall-lines.ts';
import { clip } from './text.ts';

/** The tool call about to run: a shell command, or a file about to be edited. */
export interface DeadEndRequest {
  project: string;
  sessionId: string;
  command?: string | undefined;
  file?: string | undefined;
  now: number;
}

const NOTHING: RecallBlock = { text: '', ids: [] };

/** The key a dead end of this call would be recorded under, or '' when none is specific. */
function keyOf(request: DeadEndRequest): string {
  if (request.command !== undefined) {
    const shape = specificShape(request.command);
    return shape === '' ? '' : `cmd:${shape}`;
  }
  return request.file ? `file:${request.file}` : '';
}

/**
 * The one warning line before a tool call that a recorded dead end is about (issue 34): the
 * newest dead end under the call's specific key (the same command shape, or the same file),
 * once per dead end per session, and not when the call is the very command that worked. Every
 * dead-end injection goes through here; `ids` are the memories it injected (none, or one).
 */
export function deadEndWarning(db: Db, request: DeadEndRequest): RecallBlock {
  const key = keyOf(request);
  if (key === '') return NOTHING;
  const typed = request.command === undefined ? undefined : commandText(request.command);
  const match = deadEndsFor(db, request.project, key, 3).find((found) => found.fix !== typed);
  if (!match || !claimDeadEndWarning(db, request.sessionId, match.id, request.now)) return NOTHING;
  const line = `⛔ Dead end #${match.id} (claude-mem): ${clip(match.title, 300)}`;
  return { text: `<claude-mem-recall>\n${line}\n</claude-mem-recall>`, ids: [match.id] };
}
