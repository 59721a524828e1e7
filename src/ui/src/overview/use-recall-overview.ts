import { useCallback } from 'react';
import { api } from '../api.ts';
import { usePolled } from '../shared/use-polled.ts';

/** The ledger's chart rows and never-used list for `project` over `days`, and a reload. */
export function useRecallOverview(project: string, days: number) {
  const request = useCallback(() => api.recallOverview(project, days), [project, days]);
  const { value: recall, error, reload } = usePolled(request, 30_000);
  return { recall, error, reload };
}
