import { useCallback, useEffect, useState } from 'react';
import { api } from '../api.ts';
import type {
  CompressionStatus,
  FailedEvent,
  RecallInjection,
  RecallStatus,
  TeamStatus,
} from '../api-types.ts';

/** Compression, recall and team status, failed events and log lines; `reload()` fetches them again. */
export function useStatus(lines: number) {
  const [compression, setCompression] = useState<CompressionStatus>();
  const [recall, setRecall] = useState<RecallStatus>();
  const [injections, setInjections] = useState<RecallInjection[]>([]);
  const [team, setTeam] = useState<TeamStatus>();
  const [failed, setFailed] = useState<FailedEvent[]>([]);
  const [log, setLog] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const reload = useCallback(() => {
    const fail = (failure: unknown) => setError(String(failure));
    api.compression().then(setCompression, fail);
    api.recall().then(setRecall, fail);
    api.recallRecent().then((answer) => setInjections(answer.items), fail);
    api.team().then(setTeam, fail);
    api.failedEvents().then((answer) => setFailed(answer.items), fail);
    api.logs(lines).then((answer) => setLog(answer.lines), fail);
  }, [lines]);
  useEffect(() => {
    reload();
    const timer = setInterval(reload, 5_000);
    return () => clearInterval(timer);
  }, [reload]);
  return { compression, recall, injections, team, failed, log, error, reload };
}
