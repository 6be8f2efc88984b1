import { useSearchParams } from 'react-router';

/** Reads and updates the screen's query string (filters live there, so back and reload keep them). */
export function useQueryState() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  return { params, update };
}
