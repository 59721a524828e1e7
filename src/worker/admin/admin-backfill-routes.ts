import { Hono } from 'hono';
import { parseSpoolEvent, type SpoolEvent } from '../../spool/index.ts';
import { findSession, stmt, type Db } from '../../store/index.ts';
import { applyEvent } from '../capture/apply-event.ts';
import { AppError } from '../errors.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { BackfillEventsBodySchema, BackfillSessionsBodySchema } from './admin-input.ts';
import { jsonBody } from '../recall/recall-input.ts';

/** The events of a body, each checked as the spool reader checks a file; 400 names the first bad one. */
function spoolEvents(items: readonly unknown[]): SpoolEvent[] {
  return items.map((item, index) => {
    const parsed = parseSpoolEvent(JSON.stringify(item));
    if (!parsed.ok) throw new AppError('BAD_REQUEST', `events.${index}: ${parsed.reason}`);
    return parsed.event;
  });
}

const claimed = (db: Db, uid: string): boolean =>
  stmt(db, 'SELECT 1 FROM ingested WHERE event_uid = ?').get(uid) !== undefined;

/**
 * POST /api/admin/backfill/sessions: of the sessions given, the stored ones, and whether by a
 * backfill (the id of its first backfilled event, `start_uid`, was ingested); a stored one that
 * was not came from the hooks, and backfill leaves it alone. POST /api/admin/backfill/events: captured events applied
 * in order in one transaction with applyEvent, exactly as ingest applies spool files (idempotent
 * on the event id and tool_use_id), then compressed like any other. Both need the token.
 */
export function adminBackfillRoutes(deps: WorkerDeps): Hono {
  return new Hono()
    .post('/api/admin/backfill/sessions', async (c) => {
      const { sessions } = BackfillSessionsBodySchema.parse(await jsonBody(c.req));
      const known = sessions.flatMap((s) =>
        findSession(deps.db, s.session_id)
          ? [
              {
                session_id: s.session_id,
                backfilled: s.start_uid !== undefined && claimed(deps.db, s.start_uid),
              },
            ]
          : [],
      );
      return c.json({ known });
    })
    .post('/api/admin/backfill/events', async (c) => {
      const events = spoolEvents(BackfillEventsBodySchema.parse(await jsonBody(c.req)).events);
      const applied = deps.db
        .transaction(() => events.map((event) => applyEvent(deps.db, event)))
        .immediate();
      deps.onApplied(applied);
      const duplicates = applied.filter((item) => item.duplicate).length;
      return c.json({ stored: applied.length - duplicates, duplicates });
    });
}
