import type { PublicCache } from '../../cache/public-cache-types';
import { MARKET_TAG } from '../market/market-context';

/**
 * Search answers kept in the public cache (decisions 013, 031) under the market's tag: an answer reads open listings
 * (every market write and the expiry clock drop the tag) and the search docs (`search.index` drops it on every
 * catalogue or nickname change). Requests asking the same while it is computed wait for it: one query, not twenty.
 */
export const SEARCH_CACHE_TAG = MARKET_TAG;

export async function remembered<T>(cache: PublicCache, key: string, compute: () => Promise<T>): Promise<T> {
  const hit = cache.get(SEARCH_CACHE_TAG, key) ?? (await cache.pending(SEARCH_CACHE_TAG, key));
  if (hit) return JSON.parse(hit.payload) as T;
  // The ticket before the read: a write committed meanwhile bumps the tag, and this answer is then not kept.
  const ticket = cache.ticket(SEARCH_CACHE_TAG, key);
  try {
    const answer = await compute();
    await cache.put(ticket, JSON.stringify(answer));
    return answer;
  } catch (err) {
    cache.abandon(ticket);
    throw err;
  }
}
