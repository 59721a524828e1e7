import { createContext, useContext, useEffect, useState } from 'react';
import { api } from '../api.ts';

/** Why the push refused a card's row, keyed `observation:12` / `summary:3`. */
const RefusedContext = createContext<ReadonlyMap<string, string>>(new Map());

export const RefusedProvider = RefusedContext.Provider;

/**
 * The refused rows of the team outbox, read from GET /api/team/status (the feed items do not
 * carry them: one small request instead of a join on every page); read again when `version`
 * changes (after an edit or a share) and every 30 s. Without a team the map stays empty.
 */
export function useRefusedRows(version: number): ReadonlyMap<string, string> {
  const [rows, setRows] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    const load = () =>
      api.team().then(
        (status) =>
          setRows(
            new Map(
              status.backlog.refused.map((row) => [`${row.kind}:${row.item_id}`, row.reason]),
            ),
          ),
        () => setRows(new Map()),
      );
    void load();
    const timer = setInterval(() => void load(), 30_000);
    return () => clearInterval(timer);
  }, [version]);
  return rows;
}

/** The refusal of one card's row, or undefined. */
export const useRefusal = (kind: 'observation' | 'summary', id: number): string | undefined =>
  useContext(RefusedContext).get(`${kind}:${id}`);
