import { Hono } from 'hono';
import { z } from 'zod';
import { resolveProject } from '../../config/index.ts';
import { fileRecall, promptRecall } from '../../context/index.ts';
import { stripTags } from '../../privacy/index.ts';
import { markInjected, projectRoot } from '../../store/index.ts';
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
export const FileRecallSchema = z.object({ ...Common, file_path: z.string().min(1).max(4096) });

const NOTHING = { context: '', ids: [] as number[], reasons: [] };

/**
 * Recall at the moment of need (issue 15): memories for a prompt (UserPromptSubmit) and for a
 * file (PreToolUse of Read, Edit, Write, MultiEdit), as `<claude-mem-recall>` blocks the hooks
 * return as additionalContext. What is given is recorded per session (table recall_injected),
 * so it is never given twice in a session, across worker restarts too.
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
      markInjected(deps.db, body.session_id, block.ids, 'prompt', deps.now());
      recall.moments.add('prompt', body.session_id, block.reasons ?? [], deps.now());
      return c.json({ context: block.text, ids: block.ids, reasons: block.reasons ?? [] });
    })
    .post('/api/recall/file', async (c) => {
      const body = FileRecallSchema.parse(await c.req.json());
      if (!deps.settings['recall.fileTime']) return c.json(NOTHING);
      const project = projectOf(deps, body);
      const block = fileRecall(deps.db, {
        project,
        sessionId: body.session_id,
        file: body.file_path,
        root: body.cwd ? resolveProject(body.cwd).root : projectRoot(deps.db, project),
        now: deps.now(),
        anchorStates: anchorStatesOf(recall.anchors, project, body.cwd),
      });
      markInjected(deps.db, body.session_id, block.ids, 'file', deps.now());
      recall.moments.add('file', body.session_id, block.reasons ?? [], deps.now());
      return c.json({ context: block.text, ids: block.ids, reasons: block.reasons ?? [] });
    });
}
