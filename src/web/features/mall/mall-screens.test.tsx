import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CardInfoDetail } from '../../../shared/schemas/prices';
import { testPack, testProduct, testSession } from '../../testing/fixtures';
import { clearSession, writeSession } from '../../lib/auth-storage';
import { MALL_FIRST_LIST } from '../../../shared/first-answers';
import { embedFirstAnswers, requestsTo, screenSuite } from '../../testing/screen-test';
import CardDetailScreen from './card-detail-screen';
import GoodsDetailScreen from './goods-detail-screen';
import MallScreen from './mall-screen';

const card = (over: Partial<CardInfoDetail> = {}): CardInfoDetail => ({
  id: 'ci_1',
  name: '維港幻彩',
  description: '煙花照亮維港。',
  image: '/media/cards/ci_1.svg',
  rarity: 'SSR',
  theme: { id: 'thm_night', name: '港島夜景' },
  editionSize: 300,
  minted: 126,
  isBCard: false,
  priceCents: 18800,
  perUserLimit: 2,
  hot: false,
  left: 174,
  saleStartsAt: '2026-01-01T00:00:00.000Z',
  saleEndsAt: null,
  saleState: 'on_sale',
  priorityStartsAt: null,
  rights: [{ title: '優先購買權', description: '下一彈優先購買。' }],
  marketPrice: { price: 20000, sample: 7, thin: false },
  ...over,
});

const product = testProduct;

const suite = screenSuite(
  [
    { path: '/mall', element: <MallScreen /> },
    { path: '/mall/detail', element: <CardDetailScreen /> },
    { path: '/mall/goodsDetail', element: <GoodsDetailScreen /> },
    { path: '/mall/pay', element: <p>付款頁</p> },
    { path: '/mall/goodsPay', element: <p>商品付款頁</p> },
  ],
  { lists: true, priceHistory: true },
);
const { renderAt } = suite;

const requested = (path: string) => requestsTo(suite.fetchMock, path);

// The card detail's price history answers the same whatever a test's routes say (uPlot is not drawn in jsdom).
vi.mock('uplot', () => import('../../testing/uplot-stub'));
describe('/mall', () => {
  it('lists the mall cards with price, supply and state; a short page is the end', async () => {
    suite.routes = (u) => ({
      code: 200,
      data:
        u.searchParams.get('page') === '1'
          ? [
              card(),
              card({
                id: 'ci_2',
                name: '太平山頂',
                saleState: 'upcoming',
                priorityStartsAt: null,
                saleStartsAt: new Date(Date.now() + 3_600_000).toISOString(),
              }),
            ]
          : [],
    });
    renderAt('/mall');
    expect(await screen.findByText('維港幻彩')).toBeTruthy();
    expect(screen.getAllByText('HK$188.00')).toHaveLength(2);
    expect(screen.getAllByText('尚餘 174 / 限量 300')).toHaveLength(2);
    expect(screen.getByText('發售中')).toBeTruthy();
    expect(screen.getByText(/即將開售/).textContent).toMatch(/即將開售 0[01]:\d\d:\d\d/);
    expect(await screen.findByText('已經到底了')).toBeTruthy();
    const calls = requested('cardInfo/list');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.searchParams.get('onSale')).toBe('1');
    expect(calls[0]!.searchParams.get('pageSize')).toBe('10');
    expect(screen.getByRole('link', { name: '維港幻彩' }).getAttribute('href')).toBe('/mall/detail?id=ci_1');
  });

  it('lists the pack series on the 卡包 tab, each opening /mall/pack; the 卡牌 tab does not ask for them', async () => {
    suite.routes = (u) =>
      u.pathname === '/api/pack/list'
        ? { code: 200, data: [testPack({ guarantee: null, hot: false })] }
        : { code: 200, data: u.searchParams.get('page') === '1' ? [card()] : [] };
    renderAt('/mall');
    expect(await screen.findByText('維港幻彩')).toBeTruthy();
    expect(requested('pack/list')).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: '卡包' }));
    const panel = await screen.findByRole('tabpanel', { name: '卡包' });
    const link = await within(panel).findByRole('link', { name: '星夜卡包' });
    expect(link.getAttribute('href')).toBe('/mall/pack?id=pk_1');
    expect(within(panel).getByText('每包 3 張・尚餘 8／10 包')).toBeTruthy();
    expect(within(panel).getByText('HK$30.00')).toBeTruthy();
  });

  it('says so when there is no series, and offers 重試 when pack/list fails', async () => {
    let fail = true;
    suite.routes = (u) =>
      u.pathname === '/api/pack/list'
        ? fail
          ? { code: 500, data: null }
          : { code: 200, data: [] }
        : { code: 200, data: [] };
    renderAt('/mall?tab=pack');
    expect(await screen.findByText('未能載入卡包')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重試' }));
    expect(await screen.findByText('暫時未有卡包發售')).toBeTruthy();
  });

  it("takes its first page from the page's embedded answer (the server's MALL_FIRST_LIST is what it asks)", async () => {
    suite.routes = () => ({ code: 200, data: [] });
    embedFirstAnswers({ [MALL_FIRST_LIST]: { code: 200, msg: '', data: [card()] } });
    renderAt('/mall');
    expect(await screen.findByText('維港幻彩')).toBeTruthy();
    expect(await screen.findByText('已經到底了')).toBeTruthy();
    expect(requested('cardInfo/list')).toHaveLength(0);
  });

  it('loads the next page after a full one', async () => {
    suite.routes = (u) => {
      const page = Number(u.searchParams.get('page'));
      const n = page === 1 ? 10 : 3;
      return {
        code: 200,
        data: Array.from({ length: n }, (_, i) => card({ id: `ci_${page}_${i}`, name: `卡${page}-${i}` })),
      };
    };
    renderAt('/mall');
    expect(await screen.findByText('卡2-2')).toBeTruthy();
    expect(await screen.findByText('已經到底了')).toBeTruthy();
    expect(requested('cardInfo/list').map((u) => u.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('shows the physical products tab from ?tab=entity, and an empty state', async () => {
    suite.routes = (u) => ({ code: 200, data: u.searchParams.get('type') === '1' ? [product()] : [] });
    renderAt('/mall?tab=entity');
    expect(await screen.findByText('祥瑞麒麟 PVC 公仔')).toBeTruthy();
    expect(screen.getByText('尚餘 48 / 共 60 件')).toBeTruthy();
    fireEvent.click(screen.getByText('其他'));
    expect(await screen.findByText('暫時未有其他商品')).toBeTruthy();
    expect(requested('product/list').map((u) => u.searchParams.get('type'))).toEqual(['1', '0']);
  });

  it('shows an error with a retry when the first page fails', async () => {
    let fail = true;
    suite.routes = () =>
      fail ? { code: 500, msg: '系統繁忙，請稍後再試', data: null } : { code: 200, data: [card()] };
    renderAt('/mall');
    expect(await screen.findByText('未能載入商品')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重試' }));
    expect(await screen.findByText('維港幻彩')).toBeTruthy();
  });
});

describe('/mall/detail and /mall/goodsDetail', () => {
  it('opens the pay page for a card on sale', async () => {
    suite.routes = () => ({ code: 200, data: card() });
    const router = renderAt('/mall/detail?id=ci_1');
    expect(await screen.findByRole('heading', { name: '維港幻彩' })).toBeTruthy();
    expect(screen.getByText('優先購買權')).toBeTruthy();
    expect(screen.getByText('HK$200.00（7 筆）')).toBeTruthy();
    expect(
      await screen.findByText(/^30 日：市場價 HK\$240.00（3 筆，成交稀少），較期初上升 HK\$20.00（9.1%）。/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '7 日' }));
    await waitFor(() => expect(requested('cardInfo/priceHistory').at(-1)!.searchParams.get('range')).toBe('7d'));
    expect(screen.getByRole('button', { name: '7 日' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '立即購買' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/mall/pay?id=ci_1'),
    );
  });

  it('disables 立即購買 with the reason and a countdown before the sale', async () => {
    suite.routes = () => ({
      code: 200,
      data: card({ saleState: 'upcoming', saleStartsAt: new Date(Date.now() + 2 * 86_400_000 + 60_000).toISOString() }),
    });
    renderAt('/mall/detail?id=ci_1');
    const buy = await screen.findByRole('button', { name: '立即購買' });
    expect(buy.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/^將於 .+ 開售$/)).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^距離開售 2 日 00:0[01]:\d\d$/);
  });

  it('inside a priority window: 持卡人優先購買中 with the countdown to the public start, and 立即購買 for holders', async () => {
    const start = Date.now() + 3 * 3_600_000;
    suite.routes = () => ({
      code: 200,
      data: card({
        saleState: 'upcoming',
        saleStartsAt: new Date(start).toISOString(),
        priorityStartsAt: new Date(start - 24 * 3_600_000).toISOString(),
      }),
    });
    renderAt('/mall/detail?id=ci_1');
    const buy = await screen.findByRole('button', { name: '立即購買' });
    expect(buy.hasAttribute('disabled')).toBe(false);
    expect(screen.getByText(/^持卡人優先購買中/, { selector: '.sale-badge, .sale-badge *' })).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(
      /^持卡人優先購買中・距離公開發售 0[23]:\d\d:\d\d$/,
    );
  });

  it('tells a signed-in holder which perk their order of a product would get; a visitor is not asked', async () => {
    const perk = { title: '商城 8 折（每月一次）', cardName: '祥瑞麒麟', saving: 7980 };
    suite.routes = (u) =>
      u.pathname === '/api/perk/preview'
        ? { code: 200, data: { listAmount: 39900, perk, amount: 31920 } }
        : { code: 200, data: product() };
    renderAt('/mall/goodsDetail?id=prd_1');
    await screen.findByRole('button', { name: '立即購買' });
    expect(requestsTo(suite.fetchMock, 'perk/preview')).toHaveLength(0);
    cleanup();
    writeSession(testSession);
    try {
      renderAt('/mall/goodsDetail?id=prd_1');
      expect((await screen.findByText(/^持卡優惠：商城 8 折（每月一次）（祥瑞麒麟），此件可省/)).textContent).toContain(
        'HK$79.80',
      );
    } finally {
      clearSession();
    }
  });

  it('names a perk used up this month with 「本月已使用」 instead of leaving it out (issue 44)', async () => {
    const used = { title: '商城 8 折（每月一次）', cardName: '祥瑞麒麟', period: 'month' };
    suite.routes = (u) =>
      u.pathname === '/api/perk/preview'
        ? { code: 200, data: { listAmount: 39900, perk: null, used, amount: 39900 } }
        : { code: 200, data: product() };
    writeSession(testSession);
    try {
      renderAt('/mall/goodsDetail?id=prd_1');
      expect((await screen.findByText(/^持卡優惠：商城 8 折（每月一次）（祥瑞麒麟）/)).textContent).toBe(
        '持卡優惠：商城 8 折（每月一次）（祥瑞麒麟），本月已使用',
      );
    } finally {
      clearSession();
    }
  });

  it('says why a B card cannot be bought', async () => {
    suite.routes = () => ({ code: 200, data: card({ isBCard: true, priceCents: null, saleState: 'not_for_sale' }) });
    renderAt('/mall/detail?id=ci_1');
    expect(await screen.findByText('此為 B 卡，集齊整套卡冊即可兌換')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即購買' }).hasAttribute('disabled')).toBe(true);
  });

  it('answers an unknown card with a not-found state', async () => {
    suite.routes = () => ({ code: 404, msg: '找不到這張卡牌', data: null });
    renderAt('/mall/detail?id=nope');
    expect(await screen.findByText('找不到這張卡牌')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回商城' })).toBeTruthy();
  });

  it('opens the goods pay page for a product on sale, and blocks a sold-out one', async () => {
    let sold = false;
    suite.routes = () => ({ code: 200, data: sold ? product({ saleState: 'sold_out', left: 0 }) : product() });
    const router = renderAt('/mall/goodsDetail?id=prd_1');
    fireEvent.click(await screen.findByRole('button', { name: '立即購買' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=prd_1'));
    expect(router.state.location.pathname).toBe('/mall/goodsPay');
    cleanup();
    sold = true;
    renderAt('/mall/goodsDetail?id=prd_1');
    const buy = await screen.findByRole('button', { name: '立即購買' });
    expect(buy.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/^已售罄，/)).toBeTruthy();
  });
});
