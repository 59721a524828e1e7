import { Hono } from 'hono';
import { z } from 'zod';
import { applyPrivateTurn, capture, type HookEvent, type HookInput } from '../../capture/index.ts';
import { resolveProject } from '../../config/index.ts';
import { newEventId } from '../../spool/index.ts';
import { applyEvent } from './apply-event.ts';
import type { WorkerDeps } from '../worker-deps.ts';

/** The seed documents' session calls, each taking the payload of the hook it stands for. */
const ROUTES: Record<string, HookEvent> = {
  init: 'UserPromptSubmit',
  observations: 'PostToolUse',
  summarize: 'Stop',
  complete: 'SessionEnd',
};

const SessionBodySchema = z.looseObject({
  session_id: z.string().min(1).max(256),
  cwd: z.string().min(1).optional(),
});

/**
 * POST /api/sessions/{init,observations,summarize,complete}: the same capture as the hooks
 * (tags stripped, secrets redacted, elided, private turns dropped), stored directly.
 */
export function captureRoutes(deps: WorkerDeps): Hono {
  const app = new Hono();
  for (const [name, event] of Object.entries(ROUTES)) {
    app.post(`/api/sessions/${name}`, async (c) => {
      const body = SessionBodySchema.parse(await c.req.json().catch(() => undefined)) as HookInput;
      return c.json(store(deps, event, body));
    });
  }
  return app;
}

function store(deps: WorkerDeps, event: HookEvent, payload: HookInput) {
  const sessionId = payload.session_id ?? '';
  const cwd = payload.cwd ?? process.cwd();
  const ctx = {
    settings: deps.settings,
    sessionId,
    project: resolveProject(cwd),
    cwd,
    id: newEventId(),
    now: deps.now(),
  };
  const result = applyPrivateTurn(deps.dataDir, sessionId, capture(event, payload, ctx));
  if (result.action === 'drop') return { stored: false, reason: result.reason };
  const applied = deps.db.transaction(() => applyEvent(deps.db, result.event)).immediate();
  deps.onApplied([applied]);
  return { stored: !applied.duplicate };
}
