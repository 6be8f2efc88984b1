import { useCallback, useEffect, useRef, useState } from 'react';
import { isFailure, type Failure } from './request';

export type LoadState<T> =
  | { status: 'loading'; data?: undefined; failure?: undefined }
  | { status: 'ready'; data: T; failure?: undefined }
  | { status: 'error'; data?: undefined; failure: Failure };

/**
 * Runs a request for a screen or region and tracks loading / ready / error; `reload` runs it again.
 * `deps` are the inputs of `load` (e.g. the id from the query string).
 */
export function useLoad<T>(
  load: () => Promise<T | Failure>,
  deps: readonly unknown[],
): LoadState<T> & { reload: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadRef.current().then((result) => {
      if (!live) return;
      setState(isFailure(result) ? { status: 'error', failure: result } : { status: 'ready', data: result });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, ...deps]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
