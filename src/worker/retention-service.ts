import type { ServiceFactory } from './service.ts';

/** Retention, export/import and forget (to be built). */
export const createRetentionService: ServiceFactory = () => ({
  name: 'retention',
  stop: async () => undefined,
});
