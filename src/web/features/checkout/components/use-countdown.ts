import { useEffect, useState } from 'react';

/** Milliseconds left until `until` (ISO time), ticking every second; 0 once passed. */
export function useRemaining(until: string | null | undefined): number {
  const target = until ? Date.parse(until) : NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(target)) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [target]);
  return Number.isNaN(target) ? 0 : Math.max(0, target - now);
}

/** 14:59 */
export const formatRemaining = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
