import { useCallback } from 'react';
import { api } from '../api.ts';
import { usePolled } from '../shared/use-polled.ts';

/** The overview of `project` ('' for all) over `days` days, fetched again every 30 s. */
export function useOverview(project: string, days: number) {
  const request = useCallback(() => api.overview(project, days), [project, days]);
  const { value: overview, error } = usePolled(request, 30_000);
  return { overview, error };
}
