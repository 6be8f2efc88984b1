import { newId } from '../../adapters/ids';
import type { Db } from '../../db/client';
import { cardInfos, themes } from '../../db/schema';
import type { Rarity } from '../../../shared/constants';

/** Test data: a theme of code-only card infos (no mall price) to fill pack pools with; answers their ids. */
export async function createPoolCards(db: Db, lines: { rarity: Rarity; editionSize: number }[]): Promise<string[]> {
  const themeId = newId('thm');
  await db.insert(themes).values({ id: themeId, name: '卡包測試系列', cover: '/media/t.svg' });
  const ids = lines.map(() => newId('ci'));
  await db.insert(cardInfos).values(
    lines.map((l, i) => ({
      id: ids[i]!,
      themeId,
      name: `卡包卡 ${i + 1}`,
      image: '/media/c.svg',
      rarity: l.rarity,
      editionSize: l.editionSize,
      priceCents: null,
      perUserLimit: 1,
    })),
  );
  return ids;
}

/**
 * Test data: the back office's create body of a series on sale (`admin/packs/create`), its pool as
 * `[cardInfoId, count]` lines; `over` changes the price, pack size or guarantee.
 */
export const seriesBody = (name: string, pool: [string | undefined, number][], over: Record<string, unknown> = {}) => ({
  name,
  cover: '/uploads/p/640.webp',
  priceCents: 1_000,
  cardsPerPack: 2,
  perUserLimit: 5,
  guarantee: { minRarity: 'SR', every: 3 },
  pool: pool.map(([cardInfoId, count]) => ({ cardInfoId, count })),
  ...over,
});
