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

/** An `admin/packs/create` body: HK$30 packs of `cardsPerPack` from `pool` (card info id, count), and `extra`. */
export const packSeriesBody = (
  pool: [string, number][],
  extra: Record<string, unknown> & { cardsPerPack: number; perUserLimit: number },
) => ({
  name: '測試卡包',
  cover: '/media/p.svg',
  priceCents: 3_000,
  pool: pool.map(([cardInfoId, count]) => ({ cardInfoId, count })),
  ...extra,
});
