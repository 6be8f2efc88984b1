import { useEffect, useState, useSyncExternalStore } from 'react';

/** Runs `then` once the browser has painted the current frame (the next frame, then a task). */
function afterPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * True once the browser has painted what the component first rendered. Code that can wait (a form below an
 * intro, a carousel's gestures) is asked for from then on, so on a slow line it does not hold the first
 * picture back.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPaint(() => setPainted(true)), []);
  return painted;
}

/*
 * The home screen's main picture (its first banner): shown, or known not to come. Its swiper and the sections
 * below the fold load from then on (or after HERO_WAIT_MS at the latest, so nothing waits for ever).
 */
const HERO_WAIT_MS = 3000;
let heroShown = false;
const heroListeners = new Set<() => void>();

/** Marks the main picture as painted (after the frame that shows it), or as not coming. */
export function markHeroShown(): void {
  if (heroShown) return;
  afterPaint(() => {
    heroShown = true;
    heroListeners.forEach((l) => l());
  });
}

/** True once the home screen's main picture is on screen (or will not be). */
export function useHeroShown(): boolean {
  const shown = useSyncExternalStore(
    (l) => {
      heroListeners.add(l);
      return () => heroListeners.delete(l);
    },
    () => heroShown,
    () => false,
  );
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(markHeroShown, HERO_WAIT_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return shown;
}
