import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { commitmentOf, drawPack, nextStreak, seedKey, type DrawLine } from '../../../shared/pack-draw';
import type { PackDraw, PackSeriesDetail } from '../../../shared/schemas/packs';
import { testPack } from '../../testing/fixtures';
import { requestsTo, screenSuite, type Route } from '../../testing/screen-test';
import VerifyScreen from './verify-screen';

const SEED = '3f'.repeat(32);

/** Three packs drawn by the shared code from SEED, as pack/draws publishes them. */
async function drawn(pack: PackSeriesDetail): Promise<PackDraw[]> {
  const key = await seedKey(SEED);
  const lines: DrawLine[] = pack.pool.map((c) => ({ cardInfoId: c.cardInfoId, rarity: c.rarity, remaining: c.count }));
  const draws: PackDraw[] = [];
  let streak = 0;
  for (const nonce of [1, 2, 3]) {
    const d = { orderNo: `TR26112600000${nonce}`, clientSeed: `seed-${nonce}`, nonce };
    const out = await drawPack(key, d, lines, { cardsPerPack: pack.cardsPerPack, guarantee: pack.guarantee, streak });
    streak = nextStreak(streak, out);
    draws.push({
      ...d,
      buyer: 'b1a2c3d4e5f6',
      guaranteed: out.guaranteed,
      cardInfoIds: out.lines.map((li) => lines[li]!.cardInfoId),
      drawnAt: '2026-11-26T10:00:00.000Z',
    });
  }
  return draws;
}

const suite = screenSuite([{ path: '/mall/verify', element: <VerifyScreen /> }]);
const { renderAt } = suite;

/** Answers pack/detail with `pack` and pack/draws with `draws` in pages of two (the screen follows `next`). */
const serve = (pack: PackSeriesDetail, draws: PackDraw[]): Route => {
  return (u) => {
    if (u.pathname === '/api/pack/detail') return { code: 200, data: pack };
    if (u.pathname !== '/api/pack/draws') return undefined;
    const after = Number(u.searchParams.get('after'));
    const page = draws.filter((d) => d.nonce > after).slice(0, 2);
    const next = draws.some((d) => d.nonce > after + 2) ? after + 2 : null;
    return {
      code: 200,
      data: { seriesId: pack.id, commitment: pack.commitment, serverSeed: pack.serverSeed, draws: page, next },
    };
  };
};

describe('/mall/verify', () => {
  it('recomputes every draw in the browser and shows that each matches and the seed matches the commitment', async () => {
    const pack = testPack({ serverSeed: SEED, commitment: await commitmentOf(SEED), saleState: 'ended' });
    suite.routes = serve(pack, await drawn(pack));
    renderAt('/mall/verify?pack=pk_1');
    expect(await screen.findByText('✓ 全部 3 包相符')).toBeTruthy();
    expect(screen.getByText('✓ 伺服器種子的 SHA-256 與開售前公開的承諾相符。')).toBeTruthy();
    expect(requestsTo(suite.fetchMock, 'pack/draws').map((u) => u.searchParams.get('after'))).toEqual(['0', '2']);
    const list = screen.getByRole('list', { name: '每包的抽卡結果' });
    expect(within(list).getAllByText('✓ 相符')).toHaveLength(3);
  });

  it('finds a draw that does not match, and a seed that is not the committed one', async () => {
    const pack = testPack({ serverSeed: SEED, commitment: await commitmentOf(SEED), saleState: 'ended' });
    const draws = await drawn(pack);
    draws[1] = { ...draws[1]!, cardInfoIds: [...draws[1]!.cardInfoIds].reverse().map(() => 'ci_sr') };
    suite.routes = serve({ ...pack, commitment: 'f'.repeat(64) }, draws);
    renderAt('/mall/verify?pack=pk_1');
    expect(await screen.findByText('✗ 驗證失敗')).toBeTruthy();
    expect(screen.getByText('✗ 伺服器種子的 SHA-256 與開售前公開的承諾不符。')).toBeTruthy();
    expect(screen.getByText('✗ 1 包的抽卡結果與重新計算不符。')).toBeTruthy();
    expect(screen.getByText('✗ 抽出的卡牌不符')).toBeTruthy();
  });

  it('before the seed is revealed, says the draws cannot be checked yet and why', async () => {
    const pack = testPack();
    suite.routes = serve(pack, (await drawn(testPack({ serverSeed: SEED }))).slice(0, 2));
    renderAt('/mall/verify?pack=pk_1');
    expect(await screen.findByText('暫時未能驗證')).toBeTruthy();
    expect(screen.getByText(/伺服器種子仍未公開：卡包售罄或結束發售，而且沒有待付款訂單後才會公開/)).toBeTruthy();
    expect(screen.getAllByText('未能驗證')).toHaveLength(2);
  });
});
