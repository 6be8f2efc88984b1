import { vi } from 'vitest';

/** For the back office's screen tests: jsdom has no matchMedia, and antd's tables and selects ask it. */
export function stubMatchMedia(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
