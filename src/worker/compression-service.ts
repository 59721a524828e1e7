import type { ServiceFactory } from './service.ts';

/** Compression: pending events -> observations and summaries (filled by the compression work). */
export const createCompressionService: ServiceFactory = () => ({
  name: 'compression',
  stop: async () => undefined,
});
