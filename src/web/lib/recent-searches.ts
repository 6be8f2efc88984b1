/**
 * The last searches, kept on this device only (localStorage): shown when the search box is focused and empty.
 * Storage can be full or blocked (private mode): then nothing is remembered and nothing fails.
 */
export const RECENT_SEARCHES_KEY = 'trove.recentSearches';
export const RECENT_SEARCHES_MAX = 10;

export function readRecentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

function write(list: string[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(RECENT_SEARCHES_KEY);
    else window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Not remembered: the search itself still runs.
  }
}

/** Puts `q` first (once), keeping the newest RECENT_SEARCHES_MAX. */
export function addRecentSearch(q: string): string[] {
  const text = q.trim();
  if (!text) return readRecentSearches();
  const list = [text, ...readRecentSearches().filter((s) => s !== text)].slice(0, RECENT_SEARCHES_MAX);
  write(list);
  return list;
}

export function clearRecentSearches(): void {
  write([]);
}
