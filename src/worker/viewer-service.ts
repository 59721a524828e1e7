import type { ServiceFactory } from './service.ts';

/** The viewer: static UI, live stream, stats, settings and memory management (to be built). */
export const createViewerService: ServiceFactory = () => ({
  name: 'viewer',
  stop: async () => undefined,
});
