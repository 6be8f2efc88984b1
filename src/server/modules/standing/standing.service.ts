import { NO_STANDING_FIGURES, STANDING_MIN_TRADES, type Standing } from '../../../shared/schemas/standing';
import type { Deps } from '../../deps';
import { createStandingReadModel, type StandingCounts, type StandingReadModel } from './standing.read-model';

/** How long a standing is kept in memory: trades and feedback show within a minute. */
export const STANDING_TTL_MS = 60_000;
const CACHE_MAX = 2_000;

const share = (part: number, whole: number) => (whole > 0 ? Math.floor((part * 100) / whole) : null);

/** The figures of some counts: nothing but the member date and verification below STANDING_MIN_TRADES trades. */
export function standingOf(c: StandingCounts): Standing {
  const trades = c.sales + c.purchases;
  const base = { memberSince: c.memberSince.toISOString(), verified: c.verified };
  if (trades < STANDING_MIN_TRADES) return { ...base, ...NO_STANDING_FIGURES };
  return {
    ...base,
    enough: true,
    sales: c.sales,
    purchases: c.purchases,
    // Every completed order has ended, so ended ≥ trades ≥ 5 here.
    completionRate: share(trades, c.ended),
    typicalResponseMinutes: c.responseMinutes,
    thumbsUpShare: share(c.up, c.up + c.down),
    feedbackCount: c.up + c.down,
  };
}

/**
 * Seller standing (issue 21 §4): the figures of a storefront, counted from the sale record and kept in memory for
 * a minute per user (a storefront and each listing's seller line ask for them).
 */
export function createStandingService(
  deps: Pick<Deps, 'db' | 'clock'>,
  read: StandingReadModel = createStandingReadModel(),
) {
  const cache = new Map<string, { at: number; standing: Standing | null }>();
  return {
    /** The user's standing; null when there is no such active user. */
    async figures(userId: string): Promise<Standing | null> {
      const now = deps.clock.now().getTime();
      const kept = cache.get(userId);
      if (kept && now - kept.at < STANDING_TTL_MS) return kept.standing;
      const counts = await read.counts(deps.db, userId);
      const standing = counts ? standingOf(counts) : null;
      cache.delete(userId);
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(userId, { at: now, standing });
      return standing;
    },

    /** Drops what is kept of a user (their feedback changed). */
    forget(userId: string) {
      cache.delete(userId);
    },
  };
}
export type StandingService = ReturnType<typeof createStandingService>;
