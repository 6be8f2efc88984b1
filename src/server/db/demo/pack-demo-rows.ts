import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { cardInfos, packSeries } from '../schema';

/*
 * What the demo pack series (src/server/demo/pack-demo.ts) reads of the seeded rows before it creates the series
 * through the services (docs/decisions/026-layers.md).
 */

/** Whether any pack series exists yet (the demo one is made once). */
export async function anyPackSeries(db: Executor): Promise<boolean> {
  return (await db.select({ id: packSeries.id }).from(packSeries).limit(1)).length > 0;
}

/** Card infos (not B cards) with their free editions, rarest last. */
export function packCandidates(db: Executor) {
  return db
    .select({
      id: cardInfos.id,
      rarity: cardInfos.rarity,
      image: cardInfos.image,
      free: sql<number>`${cardInfos.editionSize} - ${cardInfos.minted} - ${cardInfos.reserved}`,
    })
    .from(cardInfos)
    .where(and(eq(cardInfos.isBCard, false)))
    .orderBy(asc(cardInfos.sort), asc(cardInfos.id));
}
