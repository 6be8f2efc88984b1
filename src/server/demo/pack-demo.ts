import type { Rarity } from '../../shared/constants';
import { anyPackSeries, packCandidates } from '../db/demo/pack-demo-rows';
import { DEMO_OPERATOR } from '../db/seed';
import type { Executor } from '../db/client';
import type { PacksService } from '../modules/packs/packs.service';

const DAY = 24 * 3600_000;

/** How many units of each rarity the demo pool takes (at most one card info per line, as editions allow). */
const WANTED: { rarity: Rarity; count: number; lines: number }[] = [
  { rarity: 'N', count: 60, lines: 2 },
  { rarity: 'R', count: 30, lines: 2 },
  { rarity: 'SR', count: 8, lines: 1 },
  { rarity: 'SSR', count: 2, lines: 1 },
  { rarity: 'UR', count: 1, lines: 1 },
];

/**
 * A mystery-pack series on sale on first start (issue 25): 3 cards a pack, a guarantee of an SR or rarer in every 10
 * packs, its pool taken from the demo card infos' free editions. Created through the back office's service, as an
 * operator would (boot code: main.ts runs it once the app exists, after the rows of db/seed.ts).
 */
export async function seedDemoPacks(db: Executor, packs: Pick<PacksService, 'admin'>, now: Date): Promise<boolean> {
  if (await anyPackSeries(db)) return false;
  const candidates = await packCandidates(db);
  const pool: { cardInfoId: string; count: number }[] = [];
  for (const w of WANTED) {
    const fit = candidates.filter((c) => c.rarity === w.rarity && Number(c.free) >= w.count).slice(0, w.lines);
    pool.push(...fit.map((c) => ({ cardInfoId: c.id, count: w.count })));
  }
  const cover = candidates.find((c) => c.id === pool.at(-1)?.cardInfoId)?.image;
  if (pool.length < 2 || !cover) return false;
  const operator = { userId: DEMO_OPERATOR.id, sessionId: 'demo', roles: ['user', 'admin'], requestId: 'demo-seed' };
  await packs.admin.create(operator, {
    name: '寶庫盲盒 第一彈',
    description:
      '每包 3 張，抽自固定卡池；每 10 包保底一張 SR 或以上。開售前已公開伺服器種子的承諾，售罄或結束後公開種子，人人可驗證。',
    cover,
    priceCents: 3_800,
    cardsPerPack: 3,
    perUserLimit: 20,
    saleStartsAt: new Date(now.getTime() - DAY).toISOString(),
    saleEndsAt: new Date(now.getTime() + 30 * DAY).toISOString(),
    hot: true,
    guarantee: { minRarity: 'SR', every: 10 },
    pool,
  });
  return true;
}
