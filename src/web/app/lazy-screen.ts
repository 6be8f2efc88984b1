import { lazy, type ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '../../shared/constants';

export type ScreenModule = { default: ComponentType };

/** The seed's generic failures for a screen that could not be loaded (§2, §8). */
export class ChunkLoadError extends Error {
  constructor(readonly kind: 'js' | 'css') {
    super(kind === 'css' ? 'CSS chunk load failed' : 'JavaScript chunk load failed');
    this.name = 'ChunkLoadError';
  }
}

/** Wraps a dynamic import with the 120 000 ms time-out and the generic chunk failure. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('js')), timeoutMs);
    load().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        const text = err instanceof Error ? err.message : String(err);
        reject(new ChunkLoadError(/css/i.test(text) ? 'css' : 'js'));
      },
    );
  });
}

/** A screen loaded on demand. */
export const lazyScreen = (load: () => Promise<ScreenModule>) => lazy(() => loadChunk(load));
