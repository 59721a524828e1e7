import { Hono } from 'hono';
import { z } from 'zod';
import type { Changeset, ConsolidationView } from '../../domain/index.ts';
import {
  applyConsolidation,
  consolidationJournal,
  proposeConsolidation,
  undoConsolidation,
  UndoRefused,
} from '../../store/index.ts';
import { AppError } from '../errors.ts';
import { jsonBody } from '../recall/recall-input.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { afterDelete } from './admin-forget-routes.ts';

const ProjectSchema = z.object({ project: z.string().min(1).max(500) });
const UndoSchema = z.object({ id: z.number().int().positive() });

/** A changeset that changes nothing. */
export const isEmpty = (changeset: Changeset): boolean =>
  changeset.merges.length === 0 && changeset.drops.length === 0;

/** Applies `changeset` unless empty; the vectors of the memories taken out are swept after. */
export function applyChangeset(deps: WorkerDeps, changeset: Changeset): Changeset {
  if (isEmpty(changeset)) return changeset;
  const journalId = applyConsolidation(deps.db, changeset, deps.now());
  afterDelete(deps, 'consolidate', { journal: journalId });
  return { ...changeset, journalId };
}

function undo(deps: WorkerDeps, id: number): Changeset {
  try {
    return undoConsolidation(deps.db, id, deps.now());
  } catch (error) {
    if (!(error instanceof UndoRefused)) throw error;
    throw new AppError(error.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'CONFLICT', error.message);
  }
}

/**
 * Consolidation (issue 34): GET /api/consolidation?project= proposes (changes nothing) and lists
 * the project's journal; POST /api/consolidation/apply {project} applies the proposal of that
 * moment in one journaled transaction; POST /api/consolidation/undo {id} restores one exactly.
 */
export function consolidationRoutes(deps: WorkerDeps): Hono {
  return new Hono()
    .get('/api/consolidation', (c) => {
      const { project } = ProjectSchema.parse({ project: c.req.query('project') });
      return c.json({
        proposal: proposeConsolidation(deps.db, project),
        journal: consolidationJournal(deps.db, project),
      } satisfies ConsolidationView);
    })
    .post('/api/consolidation/apply', async (c) => {
      const { project } = ProjectSchema.parse(await jsonBody(c.req));
      return c.json(applyChangeset(deps, proposeConsolidation(deps.db, project)));
    })
    .post('/api/consolidation/undo', async (c) => {
      const { id } = UndoSchema.parse(await jsonBody(c.req));
      return c.json(undo(deps, id));
    });
}
