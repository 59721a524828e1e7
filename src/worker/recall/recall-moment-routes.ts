import { Hono } from 'hono';
import { z } from 'zod';
import { resolveProject } from '../../config/index.ts';
import {
  deadEndWarning,
  fileRecall,
  promptRecall,
  type RecallReason,
} from '../../context/index.ts';
import { stripTags } from '../../privacy/index.ts';
import { estimateTokens } from '../../domain/index.ts';
import { evenShares, projectRoot, recordInjected, type Db } from '../../store/index.ts';
import type { Recall } from './recall.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { anchorStatesOf, projectOf } from './context-routes.ts';

const Common = {
  session_id: z.string().min(1).max(256),
  cwd: z.string().min(1).max(4096).optional(),
  project: z.string().min(1).max(500).optional(),
};

/** POST /api/recall/prompt: the prompt as typed (private blocks are stripped here too). */
export const PromptRecallSchema = z.object({ ...Common, prompt: z.string().max(100_000) });

/** POST /api/recall/file: the path the tool is about to read or edit. */
export const FileRecallSchema = z.object({
  ...Common,
  file_path: z.string().min(1).max(4096),
  /** The tool about to run; a dead end of the file is told before an edit, not a Read. */
  tool: z.string().max(200).optional(),
});

/** POST /api/recall/command: the shell command the Bash tool is about to run. */
export const CommandRecallSchema = z.object({ ...Common, command: z.string().min(1).max(20_000) });

const NOTHING = { context: '', ids: [] as number[], reasons: [] };
const NOTHING_BLOCK = { text: '', ids: [] as number[] };

/** Two blocks as one answer: the dead-end warning first, it is the one to act on. */
const joined = (
  a: { text: string; ids: number[] },
  b: { text: string; ids: number[]; reasons?: RecallReason[] | undefined },
) => ({
  context: [a.text, b.text].filter((text) => text !== '').join('\n'),
  ids: [...a.ids, ...b.ids],
  reasons: b.reasons ?? [],
});

/** Records what a moment selected, after selection: the block's tokens shared by its memories. */
function record(
  db: Db,
  sessionId: string,
  block: { text: string; ids: number[] },
  moment: 'prompt' | 'file' | 'dead-end',
  at: number,
) {
  const items = evenShares(block.ids, estimateTokens(block.text));
  recordInjected(db, { sessionId, moment, at, items });
}

/**
 * Recall at the moment of need (issue 15): memories for a prompt (UserPromptSubmit) and for a
 * file (PreToolUse of Read, Edit, Write, MultiEdit), as `<claude-mem-recall>` blocks the hooks
 * return as additionalContext. What is given is recorded per session (table recall_injected),
 * so it is never given twice in a session, across worker restarts too. Before a shell command
 * or an edit, a recorded dead end about the same command shape or file is warned about first
 * (issue 34; `dead_end_warned` holds the once-per-session claim).
 */
export function recallMomentRoutes(deps: WorkerDeps, recall: Recall): Hono {
  return new Hono()
    .post('/api/recall/prompt', async (c) => {
      const body = PromptRecallSchema.parse(await c.req.json());
      if (!deps.settings['recall.promptTime']) return c.json(NOTHING);
      const project = projectOf(deps, body);
      const block = await promptRecall(deps.db, recall.searcher, {
        project,
        sessionId: body.session_id,
        prompt: stripTags(body.prompt),
        maxItems: deps.settings['recall.promptMaxItems'],
        anchorStates: anchorStatesOf(recall.anchors, project, body.cwd),
      });
      record(deps.db, body.session_id, block, 'prompt', deps.now());
      recall.moments.add('prompt', body.session_id, block.reasons ?? [], deps.now());
      return c.json({ context: block.text, ids: block.ids, reasons: block.reasons ?? [] });
    })
    .post('/api/recall/file', async (c) => {
      const body = FileRecallSchema.parse(await c.req.json());
      const project = projectOf(deps, body);
      const warning =
        deps.settings['recall.deadEnds'] && body.tool !== 'Read'
          ? deadEndWarning(deps.db, {
              project,
              sessionId: body.session_id,
              file: body.file_path,
              now: deps.now(),
            })
          : NOTHING_BLOCK;
      if (!deps.settings['recall.fileTime']) {
        record(deps.db, body.session_id, warning, 'dead-end', deps.now());
        return c.json(joined(warning, NOTHING_BLOCK));
      }
      const block = fileRecall(deps.db, {
        project,
        sessionId: body.session_id,
        file: body.file_path,
        root: body.cwd ? resolveProject(body.cwd).root : projectRoot(deps.db, project),
        now: deps.now(),
        anchorStates: anchorStatesOf(recall.anchors, project, body.cwd),
      });
      record(deps.db, body.session_id, warning, 'dead-end', deps.now());
      record(deps.db, body.session_id, block, 'file', deps.now());
      recall.moments.add('file', body.session_id, block.reasons ?? [], deps.now());
      return c.json(joined(warning, block));
    })
    .post('/api/recall/command', async (c) => {
      const body = CommandRecallSchema.parse(await c.req.json());
      if (!deps.settings['recall.deadEnds']) return c.json(NOTHING);
      const block = deadEndWarning(deps.db, {
        project: projectOf(deps, body),
        sessionId: body.session_id,
        command: body.command,
        now: deps.now(),
      });
      record(deps.db, body.session_id, block, 'dead-end', deps.now());
      return c.json({ context: block.text, ids: block.ids, reasons: [] });
    });
}
