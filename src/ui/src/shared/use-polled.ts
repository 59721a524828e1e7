import { useCallback, useEffect, useState } from 'react';

/**
 * What `request` answers, asked now, every `everyMs` and whenever `request` changes (make it with
 * useCallback over what it asks for); `error` holds the last failure until an answer clears it,
 * and `reload()` asks again at once.
 */
export function usePolled<T>(request: () => Promise<T>, everyMs: number) {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<string>();
  const reload = useCallback(() => {
    request().then(
      (answer) => {
        setValue(answer);
        setError(undefined);
      },
      (failure: unknown) => setError(String(failure)),
    );
  }, [request]);
  useEffect(() => {
    reload();
    const timer = setInterval(reload, everyMs);
    return () => clearInterval(timer);
  }, [reload, everyMs]);
  return { value, error, reload };
}
