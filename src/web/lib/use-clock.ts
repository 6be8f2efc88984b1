import { useCallback, useEffect, useState } from 'react';

/**
 * The one ticking clock of the web: the current time, moved on every second while `active`. Every
 * countdown (sale start, payment deadline, SMS resend) derives what it shows from it.
 */
export function useNow(active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** Milliseconds left until `until` (an ISO time), ticking every second; 0 once passed or when there is none. */
export function useRemaining(until: string | null | undefined): number {
  const target = until ? Date.parse(until) : NaN;
  const known = !Number.isNaN(target);
  const now = useNow(known);
  return known ? Math.max(0, target - now) : 0;
}

/** A restartable countdown in whole seconds (e.g. before a new SMS code may be asked for); 0 when idle. */
export function useCountdown() {
  const [window, setWindow] = useState({ from: 0, to: 0 });
  const now = useNow(window.to > 0);
  // Done: stop the clock until the next start.
  useEffect(() => {
    if (window.to > 0 && now >= window.to) setWindow({ from: 0, to: 0 });
  }, [now, window.to]);
  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setWindow({ from: t, to: t + seconds * 1000 });
  }, []);
  // `now` may still be the clock's last tick before this start: never count from earlier than the start.
  return {
    secondsLeft: window.to > 0 ? Math.max(0, Math.ceil((window.to - Math.max(now, window.from)) / 1000)) : 0,
    start,
  };
}
