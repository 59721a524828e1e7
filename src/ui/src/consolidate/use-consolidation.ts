import { useCallback, useEffect, useState } from 'react';
import { api } from '../api.ts';
import type { ConsolidationView } from '../api-types.ts';

/** The project's proposal and journal, reloaded after an apply or an undo. */
export function useConsolidation(project: string) {
  const [view, setView] = useState<ConsolidationView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    if (project === '') return;
    api.consolidation(project).then(
      (answer) => {
        setView(answer);
        setError(null);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [project]);
  useEffect(load, [load]);
  const act = (action: Promise<unknown>) =>
    action.then(load, (failure: Error) => setError(failure.message));
  return {
    view,
    error,
    apply: () => act(api.applyConsolidation(project)),
    undo: (id: number) => act(api.undoConsolidation(id)),
  };
}
