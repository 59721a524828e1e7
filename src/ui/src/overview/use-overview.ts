import { useCallback, useEffect, useState } from 'react';
import { api } from '../api.ts';
import type { Overview } from '../api-types.ts';

/** The overview of `project` ('' for all) over `days` days, fetched again every 30 s. */
export function useOverview(project: string, days: number) {
  const [overview, setOverview] = useState<Overview>();
  const [error, setError] = useState<string>();
  const load = useCallback(() => {
    api.overview(project, days).then(
      (answer) => {
        setOverview(answer);
        setError(undefined);
      },
      (failure: unknown) => setError(String(failure)),
    );
  }, [project, days]);
  useEffect(() => {
    load();
    const timer = setInterval(load, 30_000);
    return () => clearInterval(timer);
  }, [load]);
  return { overview, error };
}
