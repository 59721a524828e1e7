import { contextRoutes } from './routes/context-routes.ts';
import type { ServiceFactory } from './service.ts';

/** Recall: context, search, timeline, embeddings (filled by the recall work). */
export const createRecallService: ServiceFactory = (deps) => ({
  name: 'recall',
  routes: contextRoutes(deps),
  stop: async () => undefined,
});
