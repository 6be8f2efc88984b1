/*
 * What the rest of the server sees of the public-answer cache (docs/decisions/013-public-answer-cache.md); the cache
 * itself is public-cache.ts.
 */

/**
 * A family of public answers that change together: `catalogue` (card infos, products, themes),
 * `content` (banners, articles, privacy policy), `market` (market rows). Writers name the tag they
 * change; readers cache under it.
 */
export type PublicTag = string;

/** A cached answer: the serialised body and its ETag. */
export interface CachedAnswer {
  payload: string;
  etag: string;
}

/** Taken before an answer is computed; the answer is kept only if no write happened since. */
export interface CacheTicket {
  tag: PublicTag;
  key: string;
  generation: number;
  /** The clock when the answer started being computed (ms). */
  at: number;
  /** Settles what the requests waiting for this answer get (null: compute your own). */
  settle: (answer: CachedAnswer | null) => void;
}

export interface TagOptions {
  /**
   * The next instant after `now` at which the tag's answers change by the clock alone (a sale
   * window opens or closes, an article is published), or null when none is planned.
   */
  nextChange?: (now: Date) => Promise<Date | null>;
}

export interface PublicCache {
  /** Declares a tag and when its answers change without a write. Unknown tags are declared with no clock changes. */
  define(tag: PublicTag, opts: TagOptions): void;
  /**
   * Marks every answer of `tag` stale: now, and again once the transaction this runs in commits
   * (a reader between the two could otherwise cache what the write is replacing); through the broadcast,
   * on every instance.
   */
  invalidate(tag: PublicTag): void;
  /** The cached answer of `key`, or null (a miss, or the cache is not trusted right now). */
  get(tag: PublicTag, key: string): CachedAnswer | null;
  /**
   * The answer of `key` another request of this generation is computing, to wait for rather than
   * compute it again (50 requests arriving together after a write cost one query, not 50); null when none.
   */
  pending(tag: PublicTag, key: string): Promise<CachedAnswer | null> | null;
  /** A ticket to take before computing the answer of `key`; `put` or `abandon` it. */
  ticket(tag: PublicTag, key: string): CacheTicket;
  /** The answer of the ticket will not come (an error, a refusal): its waiters compute their own. */
  abandon(ticket: CacheTicket): void;
  /** Keeps `payload` as the answer of the ticket's key unless its tag changed meanwhile; answers its ETag. */
  put(ticket: CacheTicket, payload: string): Promise<CachedAnswer>;
}
