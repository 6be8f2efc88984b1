import { RARITIES } from '../../../shared/constants';
import type { AdminPack, PackSeries, PackSeriesDetail } from '../../../shared/schemas/packs';
import type { PackSeriesRow } from './packs.repository';
import { packSaleState, packsLeft, type PoolRow } from './packs-rules';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const share = (n: number, of: number) => (of > 0 ? n / of : 0);

/** A series as the mall lists it. */
export function seriesView(s: PackSeriesRow, now: Date): PackSeries {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    cover: s.cover,
    priceCents: s.priceCents,
    cardsPerPack: s.cardsPerPack,
    perUserLimit: s.perUserLimit,
    packsTotal: s.packsTotal,
    packsLeft: packsLeft(s),
    saleStartsAt: iso(s.saleStartsAt),
    saleEndsAt: iso(s.saleEndsAt),
    saleState: packSaleState(s, now),
    hot: s.hot,
    guarantee: s.guarantee ?? null,
    commitment: s.commitment,
  };
}

/** The series with its pool and live odds: computed from what remains, never typed by hand. */
export function seriesDetailView(s: PackSeriesRow, pool: PoolRow[], now: Date): PackSeriesDetail {
  const remaining = pool.reduce((n, l) => n + l.remaining, 0);
  const rarityOdds = RARITIES.flatMap((rarity) => {
    const lines = pool.filter((l) => l.rarity === rarity);
    if (lines.length === 0) return [];
    const left = lines.reduce((n, l) => n + l.remaining, 0);
    return [
      { rarity, count: lines.reduce((n, l) => n + l.count, 0), remaining: left, probability: share(left, remaining) },
    ];
  });
  return {
    ...seriesView(s, now),
    pool: pool.map((l) => ({
      cardInfoId: l.cardInfoId,
      name: l.name,
      image: l.image,
      rarity: l.rarity,
      count: l.count,
      remaining: l.remaining,
      probability: share(l.remaining, remaining),
    })),
    rarityOdds,
    unitsTotal: s.unitsTotal,
    unitsRemaining: remaining,
    packsDrawn: s.packsDrawn,
    serverSeed: s.revealedSeed,
    revealedAt: iso(s.revealedAt),
    closedAt: iso(s.closedAt),
  };
}

export function adminPackView(s: PackSeriesRow, pool: PoolRow[], now: Date): AdminPack {
  return {
    ...seriesDetailView(s, pool, now),
    packsSold: s.packsSold,
    packsReserved: s.packsReserved,
    createdAt: s.createdAt.toISOString(),
  };
}
