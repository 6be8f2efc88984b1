import { newId } from '../../adapters/ids';
import type { Db } from '../../db/client';
import { cardInfos, themes } from '../../db/schema';
import { signInOperator } from '../../testing/operator';
import type { TestApp } from '../../testing/test-app';
import type { Rarity } from '../../../shared/constants';
import type { AdminPack } from '../../../shared/schemas/packs';

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

/** An operator and a pool of two code-only card infos (N ×100, SR ×30) on `t`, and how to put packs of them on sale. */
export async function packShop(t: TestApp) {
  const op = await signInOperator(t);
  const pool = await createPoolCards(t.db, [
    { rarity: 'N', editionSize: 100 },
    { rarity: 'SR', editionSize: 30 },
  ]);
  return {
    op,
    /** `admin/packs/create` of 2-card packs from `n` N cards and `sr` SR cards of the pool, and `extra`: the series id. */
    async series(n: number, sr: number, extra: Record<string, unknown> & { perUserLimit: number }) {
      const body = packSeriesBody(
        [
          [pool[0]!, n],
          [pool[1]!, sr],
        ],
        { cardsPerPack: 2, ...extra },
      );
      const res = await t.call<AdminPack>('POST', 'admin/packs/create', { token: op.token, body });
      if (res.status !== 200) throw new Error(`set-up: admin/packs/create answered ${res.status} ${res.msg}`);
      return res.data.id;
    },
  };
}
export type PackShop = Awaited<ReturnType<typeof packShop>>;
