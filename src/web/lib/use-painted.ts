import { startTransition, useEffect, useState } from 'react';

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

const showHero = () => {
  if (heroShown) return;
  heroShown = true;
  heroListeners.forEach((l) => l());
};

/**
 * Marks the main picture as on screen: once the browser reports it as the page's largest paint (it has been
 * presented), or after the next paint where that is not reported (no picture, or a browser without the API).
 */
export function markHeroShown(img?: HTMLImageElement | null): void {
  if (heroShown) return;
  if (
    img &&
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((e) => (e as LargestContentfulPaint).element === img)) return;
      observer.disconnect();
      showHero();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // Something larger may be the page's largest paint: then the picture is not reported.
    setTimeout(() => {
      observer.disconnect();
      showHero();
    }, HERO_WAIT_MS);
    return;
  }
  afterPaint(showHero);
}

/**
 * True once the home screen's main picture is on screen (or will not be). What it lets in (the swiper, the sections
 * below the fold) renders as a transition, in slices between which the browser may paint and take taps, instead of one
 * synchronous render in the picture's paint callback (an external store's update would be: 71 ms of one task at 4×
 * CPU slowdown, bench/long-frames.ts).
 */
export function useHeroShown(): boolean {
  const [shown, setShown] = useState(heroShown);
  useEffect(() => {
    const listener = () => startTransition(() => setShown(true));
    // Shown between this render and its effect.
    if (heroShown) return listener();
    heroListeners.add(listener);
    const timer = setTimeout(showHero, HERO_WAIT_MS);
    return () => {
      heroListeners.delete(listener);
      clearTimeout(timer);
    };
  }, []);
  return shown;
}
