import { useCallback, useRef, type Dispatch, type SetStateAction } from 'react';

/** What a paged list keeps of its requests. */
interface Loading {
  loading: boolean;
  error: string | undefined;
}

/**
 * Page requests of a list whose state says `loading` and `error`: `run(request, settle)` marks
 * the list loading, and only the newest request's answer (put into the state by `settle`) or
 * failure reaches it; an older one, or one asked before `cancel()`, is dropped.
 */
export function useLatestRequest<S extends Loading>(setState: Dispatch<SetStateAction<S>>) {
  const latest = useRef(0);
  const run = useCallback(
    <T>(request: Promise<T>, settle: (state: S, answer: T) => S) => {
      const id = ++latest.current;
      setState((s) => ({ ...s, loading: true, error: undefined }));
      request.then(
        (answer) => {
          if (id === latest.current) setState((s) => settle(s, answer));
        },
        (error: unknown) => {
          if (id === latest.current)
            setState((s) => ({ ...s, loading: false, error: String(error) }));
        },
      );
    },
    [setState],
  );
  const cancel = useCallback(() => {
    latest.current += 1;
  }, []);
  return { run, cancel };
}
