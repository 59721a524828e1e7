import { useCallback, useEffect, useState } from 'react';
import { api } from '../api.ts';
import type { LedgerMomentDay, NeverUsedMemory } from '../api-types.ts';

/** The ledger's chart rows and never-used list for `project` over `days`, and a reload. */
export function useRecallOverview(project: string, days: number) {
  const [recall, setRecall] = useState<{
    chart: LedgerMomentDay[];
    neverUsed: NeverUsedMemory[];
  }>();
  const [error, setError] = useState<string>();
  const load = useCallback(() => {
    api.recallOverview(project, days).then(
      (answer) => {
        setRecall(answer);
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
  return { recall, error, reload: load };
}
