import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKET_FIRST_LIST } from '../../../shared/first-answers';
import type { ConsignableItem, MarketDetail, MarketRow } from '../../../shared/schemas/market';
import { writeSession } from '../../lib/auth-storage';
import { testListing, testStanding, testTraderSession } from '../../testing/fixtures';
import { testWallet } from '../../testing/wallet-fixtures';
import { embedFirstAnswers, requestsTo, screenSuite } from '../../testing/screen-test';
import MarketDetailScreen from './market-detail-screen';
import MarketScreen from './market-screen';
import MarketSellScreen from './market-sell-screen';
import MarketUserScreen from './market-user-screen';

vi.mock('uplot', () => import('../../testing/uplot-stub'));

const row = (over: Partial<MarketRow> = {}): MarketRow => ({
  id: 'ci_1',
  kind: 'card',
  name: '維港幻彩',
  image: '/c.svg',
  rarity: 'SSR',
  themeId: 'thm_1',
  type: null,
  bestPrice: 25000,
  count: 3,
  floorPrice: 25000,
  lastSale: { price: 24000, at: '2026-11-20T04:00:00.000Z' },
  marketPrice: { price: 24000, sample: 6, thin: false },
  bestSerialRange: null,
  bestWant: null,
  ...over,
});
const detail = (over: Partial<MarketDetail> = {}): MarketDetail => ({
  listing: testListing(),
  item: {
    kind: 'card',
    id: 'ci_1',
    name: '維港幻彩',
    image: '/c.svg',
    description: '煙花照亮維港。',
    rarity: 'SSR',
    themeId: 'thm_1',
    editionSize: 300,
  },
  floorPrice: 25000,
  highestBid: 20000,
  lastSale: { price: 24000, at: '2026-11-20T04:00:00.000Z' },
  marketPrice: { price: 24000, sample: 6, thin: false },
  sales: [
    { price: 24000, at: '2026-11-20T04:00:00.000Z' },
    { price: 22000, at: '2026-11-18T04:00:00.000Z' },
  ],
  listings: [
    testListing(),
    testListing({
      id: 'lst_2',
      price: 26000,
      serialLabel: '#0020/300',
      user: { id: 'usr_t', nickname: '小芳', avatar: null },
    }),
  ],
  ...over,
});
const wallet = testWallet;
const consignable = (over: Partial<ConsignableItem> = {}): ConsignableItem => ({
  kind: 'card',
  cardInfoId: 'ci_1',
  productId: null,
  itemId: 'card_9',
  itemName: '維港幻彩',
  itemImage: '/c.svg',
  rarity: 'SSR',
  themeId: 'thm_1',
  serial: 9,
  editionSize: 300,
  serialLabel: '#0009/300',
  acquiredAt: '2026-11-01T00:00:00.000Z',
  floorPrice: 25000,
  highestBid: 20000,
  lastSale: { price: 24000, at: '2026-11-20T04:00:00.000Z' },
  marketPrice: { price: 24000, sample: 6, thin: false },
  ...over,
});

const suite = screenSuite(
  [
    { path: '/market', element: <MarketScreen /> },
    { path: '/market/detail', element: <MarketDetailScreen /> },
    { path: '/market/sell', element: <MarketSellScreen /> },
    { path: '/market/user', element: <MarketUserScreen /> },
    { path: '/mall/pay', element: <p>付款頁</p> },
    { path: '/my/order', element: <p>訂單頁</p> },
    { path: '/my/verify', element: <p>認證頁</p> },
    { path: '/login', element: <p>登入頁</p> },
  ],
  { lists: true, priceHistory: true },
);
const { renderAt } = suite;

beforeEach(() => {
  localStorage.clear();
  // A detail's price history answers the same whatever a test's routes say.
});

const signIn = () => writeSession(testTraderSession);

/**
 * Signed in, opens 求購 for ci_1 (`card`: what cardInfo/detail answers; no payout account needed), whose posting
 * answers bid order `orderNo`; confirms its dialog.
 */
async function openBidForm(card: Record<string, unknown>, orderNo: string) {
  signIn();
  suite.routes = (u) => {
    if (u.pathname === '/api/payment/info') return { code: 200, data: wallet({ payoutAccount: null }) };
    if (u.pathname === '/api/cardInfo/detail') return { code: 200, data: card };
    if (u.pathname === '/api/market/detail') return { code: 200, data: detail({ listing: null }) };
    if (u.pathname === '/api/market/create')
      return {
        code: 200,
        data: {
          listing: testListing({ id: 'bid_new', sell_type: 1, status: 'pending_payment' }),
          orderNo,
          payUrl: '/pay',
        },
      };
    return undefined;
  };
  const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
  const router = renderAt('/market/sell?mode=buy&cardInfoId=ci_1');
  expect(await screen.findByText('SSR・港島夜景')).toBeTruthy();
  return { confirm, router };
}

describe('/market', () => {
  it('lists card rows with lowest ask and count; filters and sorts go to the query', async () => {
    suite.routes = (u) =>
      u.pathname === '/api/cardInfo/marketList'
        ? { code: 200, data: u.searchParams.get('page') === '1' ? [row()] : [] }
        : u.pathname === '/api/cardInfo/list'
          ? { code: 200, data: [] }
          : undefined;
    renderAt('/market?q=維港&rarity=SSR&min=100&sort=price_asc');
    expect(await screen.findByRole('link', { name: '維港幻彩' })).toBeTruthy();
    expect(screen.getByText('HK$250.00')).toBeTruthy();
    expect(screen.getByText('出售 3 張單')).toBeTruthy();
    expect(screen.getByText('市場價 HK$240.00（6 筆）')).toBeTruthy();
    expect(screen.getByRole('link', { name: '維港幻彩' }).getAttribute('href')).toBe(
      '/market/detail?cardInfoId=ci_1&sell_type=0',
    );
    const q = requestsTo(suite.fetchMock, 'cardInfo/marketList')[0]!.searchParams;
    expect(q.get('keyword')).toBe('維港');
    expect(q.get('rarity')).toBe('SSR');
    expect(q.get('minPrice')).toBe('10000');
    expect(q.get('sort')).toBe('price_asc');
    expect(q.get('sell_type')).toBe('0');
    expect(screen.getByRole('button', { name: '篩選（2）' })).toBeTruthy();
  });

  it("takes its first rows from the page's embedded answer, signed in or not (the server's MARKET_FIRST_LIST is what it asks)", async () => {
    suite.routes = (u) => (u.pathname.endsWith('/marketList') ? { code: 200, data: [] } : undefined);
    for (const signedIn of [false, true]) {
      if (signedIn) signIn();
      embedFirstAnswers({ [MARKET_FIRST_LIST]: { code: 200, msg: '', data: [row()] } });
      renderAt('/market');
      expect(await screen.findByRole('link', { name: '維港幻彩' })).toBeTruthy();
      expect(requestsTo(suite.fetchMock, 'cardInfo/marketList')).toHaveLength(0);
      cleanup();
    }
  });

  it('switches to 求購 and to 物品, with an empty state that says what to do', async () => {
    suite.routes = (u) => (u.pathname.endsWith('/marketList') ? { code: 200, data: [] } : undefined);
    renderAt('/market');
    expect(await screen.findByText('暫時未有卡牌出售')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '求購' }));
    expect(await screen.findByText('暫時未有卡牌求購')).toBeTruthy();
    expect(screen.getByRole('button', { name: '發佈求購' })).toBeTruthy();
    fireEvent.click(screen.getByText('物品'));
    expect(await screen.findByText('暫時未有物品求購')).toBeTruthy();
    expect(requestsTo(suite.fetchMock, 'product/marketList')[0]!.searchParams.get('sell_type')).toBe('1');
  });

  it('shows the best bid’s serial range and how many it wants on a bids row', async () => {
    suite.routes = (u) =>
      u.pathname === '/api/cardInfo/marketList'
        ? {
            code: 200,
            data:
              u.searchParams.get('sell_type') === '1'
                ? [row({ bestSerialRange: '#1–#10', bestWant: { quantity: 2, filled: 1 } })]
                : [],
          }
        : undefined;
    renderAt('/market');
    expect(await screen.findByText('暫時未有卡牌出售')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '求購' }));
    expect(await screen.findByText('（只收序號 #1–#10）')).toBeTruthy();
    expect(screen.getByText('求購 2 張，尚欠 1 張')).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    suite.routes = (u) =>
      u.pathname === '/api/cardInfo/marketList'
        ? fail
          ? { code: 500, msg: '系統繁忙', data: null }
          : { code: 200, data: [row()] }
        : undefined;
    renderAt('/market');
    expect(await screen.findByText('未能載入掛單')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重試' }));
    expect(await screen.findByRole('link', { name: '維港幻彩' })).toBeTruthy();
  });
});

describe('/market/detail', () => {
  it('shows the listing, seller, price history and other listings; 購買 opens the pay page', async () => {
    signIn();
    suite.routes = (u) => (u.pathname === '/api/market/detail' ? { code: 200, data: detail() } : undefined);
    const router = renderAt('/market/detail?id=lst_1');
    expect(await screen.findByRole('heading', { name: '維港幻彩 #0012/300' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '賣家阿明' }).getAttribute('href')).toBe('/market/user?id=usr_s');
    expect(screen.getByText('HK$240.00（6 筆）')).toBeTruthy();
    // The chart's words: a summary, and the points and the sales left out in a disclosure.
    expect(
      await screen.findByText(
        '30 日：市場價 HK$240.00（3 筆，成交稀少），較期初上升 HK$20.00（9.1%）。2 日共 3 宗成交，最低 HK$220.00，最高 HK$250.00。',
      ),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: '每日成交價（計入市場價的成交）' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText(/買賣雙方共用收款帳戶/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    await waitFor(() =>
      expect(requestsTo(suite.fetchMock, 'cardInfo/priceHistory').at(-1)!.searchParams.get('range')).toBe('all'),
    );
    expect(screen.getByRole('button', { name: '購買 HK$260.00（小芳）' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '購買' }));
    await waitFor(() => expect(router.state.location.search).toBe('?listingId=lst_1'));
    expect(router.state.location.pathname).toBe('/mall/pay');
  });

  it('shows the seller why an operator took their listing down, and no cancel button', async () => {
    signIn();
    const down = testListing({ status: 'taken_down', mine: true, takedownReason: '圖片與實物不符' });
    suite.routes = (u) =>
      u.pathname === '/api/market/detail' ? { code: 200, data: detail({ listing: down, listings: [] }) } : undefined;
    renderAt('/market/detail?id=lst_1');
    expect((await screen.findByRole('note')).textContent).toBe(
      '此掛單已被平台下架，原因：圖片與實物不符。物品已退回你的收藏。',
    );
    expect(screen.getAllByText('已下架').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /取消掛單/ })).toBeNull();
  });

  it('sends a signed-out buyer to /login, and answers an unknown listing with not found', async () => {
    suite.routes = (u) =>
      u.pathname === '/api/market/detail'
        ? u.searchParams.get('id') === 'nope'
          ? { code: 404, msg: '找不到此掛單', data: null }
          : { code: 200, data: detail() }
        : undefined;
    const router = renderAt('/market/detail?id=lst_1');
    fireEvent.click(await screen.findByRole('button', { name: '購買' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await router.navigate('/market/detail?id=nope');
    expect(await screen.findByText('找不到這張掛單')).toBeTruthy();
  });

  it('sells into a buy listing: picks a matching card, shows fee and proceeds, confirms', async () => {
    signIn();
    const bid = testListing({
      id: 'bid_1',
      sell_type: 1,
      itemId: null,
      serialLabel: null,
      price: 20000,
      fee: 1000,
      proceeds: 19000,
      user: { id: 'usr_b', nickname: '求購者', avatar: null },
    });
    suite.routes = (u) => {
      if (u.pathname === '/api/payment/info') return { code: 200, data: wallet() };
      if (u.pathname === '/api/market/detail') return { code: 200, data: detail({ listing: bid, listings: [bid] }) };
      if (u.pathname === '/api/market/canConsignList')
        return {
          code: 200,
          data: [consignable(), consignable({ itemId: 'other', cardInfoId: 'ci_2', itemName: '別的卡' })],
        };
      if (u.pathname === '/api/market/confirmOrder') return { code: 200, data: { proceeds: 19000 } };
      return undefined;
    };
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    renderAt('/market/detail?id=bid_1');
    fireEvent.click(await screen.findByRole('button', { name: '賣給他' }));
    const radio = await screen.findByRole('radio', { name: /#0009\/300/ });
    expect(screen.queryByText('別的卡')).toBeNull();
    fireEvent.click(radio);
    expect(screen.getByText('−HK$10.00')).toBeTruthy();
    expect(screen.getByText('HK$190.00')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '賣給他' }).at(-1)!);
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'market/confirmOrder')).toHaveLength(1));
    const body = JSON.parse(suite.fetchMock.mock.calls.find(([u]) => u.includes('confirmOrder'))![1].body as string);
    // With the price the seller saw: a bid repriced since is refused, not filled at another price.
    expect(body).toEqual({ listingId: 'bid_1', itemId: 'card_9', price: 20000 });
  });
});

describe('/market/sell', () => {
  it('asks an unverified user to verify first', async () => {
    signIn();
    suite.routes = (u) =>
      u.pathname === '/api/payment/info'
        ? { code: 200, data: wallet({ verified: false, payoutAccount: null }) }
        : undefined;
    const router = renderAt('/market/sell');
    fireEvent.click(await screen.findByRole('button', { name: '前往實名認證' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/verify'));
  });

  it('shows floor, last sale and market price, warns under half the floor or the market price, shows fee and proceeds, and lists the card', async () => {
    signIn();
    suite.routes = (u) => {
      if (u.pathname === '/api/payment/info') return { code: 200, data: wallet() };
      if (u.pathname === '/api/market/canConsignList') return { code: 200, data: [consignable()] };
      if (u.pathname === '/api/market/create')
        return { code: 200, data: { listing: testListing({ id: 'lst_new' }), orderNo: null, payUrl: null } };
      return undefined;
    };
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    const router = renderAt('/market/sell?kind=card&itemId=card_9');
    const radio = (await screen.findByRole('radio', { name: /#0009\/300/ })) as HTMLInputElement;
    expect(radio.checked).toBe(true);
    const price = screen.getByRole('textbox', { name: '售價（港幣）' });
    fireEvent.change(price, { target: { value: '100' } });
    expect(screen.getByText(/售價低於現時最低售價的一半/)).toBeTruthy();
    // Under half the market price (HK$240.00) too: both warnings describe the field.
    expect(screen.getByText('售價低於市場價的一半（HK$240.00），請確認沒有輸入錯誤。')).toBeTruthy();
    expect(price.getAttribute('aria-describedby')).toMatch(/sell-low-market/);
    fireEvent.change(price, { target: { value: '0.5' } });
    expect(screen.getByRole('alert').textContent).toBe('價格最少為 HK$1.00');
    fireEvent.change(price, { target: { value: '200' } });
    expect(screen.queryByText(/售價低於現時最低售價的一半/)).toBeNull();
    expect(screen.queryByText(/售價低於市場價的一半/)).toBeNull();
    expect(screen.getByText('−HK$10.00')).toBeTruthy();
    expect(screen.getByText('HK$190.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '確認上架' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=lst_new'));
    const call = suite.fetchMock.mock.calls.find(([u]) => u.includes('market/create'))!;
    expect(JSON.parse(call[1].body as string)).toEqual({ sell_type: 0, kind: 'card', itemId: 'card_9', price: 20000 });
  });

  it('posts a buy listing and goes to pay its bid order', async () => {
    const { confirm, router } = await openBidForm(
      { id: 'ci_1', name: '維港幻彩', image: '/c.svg', rarity: 'SSR', theme: { id: 't', name: '港島夜景' } },
      'TR2611220000BIDX',
    );
    fireEvent.change(screen.getByRole('textbox', { name: '出價（港幣）' }), { target: { value: '180' } });
    // Three copies: the escrow holds all three.
    const more = within(screen.getByRole('group', { name: '求購數量（1 至 10 件）' }))
      .getAllByRole('button')
      .at(-1)!;
    fireEvent.click(more);
    fireEvent.click(more);
    expect(screen.getByText('HK$540.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '發佈求購並付款' }));
    await waitFor(() => expect(String(confirm.mock.calls[0]![0].content)).toContain('需先預付 HK$540.00'));
    await waitFor(() => expect(router.state.location.search).toBe('?orderNo=TR2611220000BIDX'));
    const call = suite.fetchMock.mock.calls.find(([u]) => u.includes('market/create'))!;
    expect(JSON.parse(call[1].body as string)).toEqual({
      sell_type: 1,
      kind: 'card',
      cardInfoId: 'ci_1',
      price: 18000,
      quantity: 3,
    });
    expect((call[1].headers as Record<string, string>)['Idempotency-Key']).toMatch(/^web-/);
  });

  it('posts a card bid for a serial range, and refuses a range whose end is below its start', async () => {
    const { confirm, router } = await openBidForm(
      {
        id: 'ci_1',
        name: '維港幻彩',
        image: '/c.svg',
        rarity: 'SSR',
        editionSize: 300,
        theme: { id: 't', name: '港島夜景' },
      },
      'TR2611220000BIDY',
    );
    expect(screen.getByText(/此卡牌限量 300 張/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '出價（港幣）' }), { target: { value: '180' } });
    fireEvent.change(screen.getByRole('textbox', { name: '起始序號' }), { target: { value: '10' } });
    fireEvent.change(screen.getByRole('textbox', { name: '結束序號' }), { target: { value: '1' } });
    expect(screen.getByRole('alert').textContent).toBe('結束序號不可小於起始序號');
    fireEvent.click(screen.getByRole('button', { name: '發佈求購並付款' }));
    expect(confirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: '起始序號' }), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('textbox', { name: '結束序號' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: '發佈求購並付款' }));
    await waitFor(() => expect(String(confirm.mock.calls[0]![0].content)).toContain('（只收序號 #1–#10）'));
    await waitFor(() => expect(router.state.location.search).toBe('?orderNo=TR2611220000BIDY'));
    const call = suite.fetchMock.mock.calls.find(([u]) => u.includes('market/create'))!;
    expect(JSON.parse(call[1].body as string)).toMatchObject({ cardInfoId: 'ci_1', serialMin: 1, serialMax: 10 });
  });
});

describe('/market/user', () => {
  it('shows the storefront and its listings', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/market/userInfo')
        return {
          code: 200,
          data: {
            id: 'usr_s',
            nickname: '賣家阿明',
            avatar: null,
            bio: '專收港島系列',
            verified: true,
            activeListings: 1,
            joinedAt: '2026-01-01T00:00:00.000Z',
            standing: testStanding(),
          },
        };
      if (u.pathname === '/api/market/userList') return { code: 200, data: [testListing()] };
      return undefined;
    };
    renderAt('/market/user?id=usr_s');
    expect(await screen.findByRole('heading', { name: /賣家阿明/ })).toBeTruthy();
    expect(screen.getByText('專收港島系列')).toBeTruthy();
    expect(await screen.findByRole('link', { name: '維港幻彩 #0012/300' })).toBeTruthy();
    expect(requestsTo(suite.fetchMock, 'market/userList')[0]!.searchParams.get('id')).toBe('usr_s');
  });
});

describe('sell now and buy now', () => {
  it('offers 以最高出價 即時賣出 for the picked card: fills the best bid of someone else at the price shown', async () => {
    signIn();
    const mine = testListing({ id: 'bid_mine', sell_type: 1, price: 21000, mine: true });
    const best = testListing({
      id: 'bid_best',
      sell_type: 1,
      price: 14000,
      user: { id: 'usr_b', nickname: '求購者', avatar: null },
    });
    suite.routes = (u) => {
      if (u.pathname === '/api/payment/info') return { code: 200, data: wallet() };
      if (u.pathname === '/api/market/canConsignList') return { code: 200, data: [consignable({ highestBid: 21000 })] };
      if (u.pathname === '/api/market/detail')
        return { code: 200, data: detail({ listing: null, listings: [mine, best] }) };
      if (u.pathname === '/api/market/confirmOrder') return { code: 200, data: { id: 'mord_7', proceeds: 13300 } };
      return undefined;
    };
    const router = renderAt('/market/sell?kind=card&itemId=card_9');
    const now = await screen.findByRole('button', { name: '以最高出價 HK$140.00 即時賣出' });
    expect(requestsTo(suite.fetchMock, 'market/detail')[0]!.searchParams.get('sell_type')).toBe('1');
    // Above the lowest ask, the form says so.
    fireEvent.change(screen.getByRole('textbox', { name: '售價（港幣）' }), { target: { value: '300' } });
    expect(screen.getByText(/售價高於現時最低售價/)).toBeTruthy();
    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    fireEvent.click(now);
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'market/confirmOrder')).toHaveLength(1));
    expect(String(confirm.mock.calls[0]![0].content)).toContain('你會收到 HK$133.00');
    const body = JSON.parse(suite.fetchMock.mock.calls.find(([u]) => u.includes('confirmOrder'))![1].body as string);
    expect(body).toEqual({ listingId: 'bid_best', itemId: 'card_9', price: 14000 });
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/my/order?id=mord_7'),
    );
  });

  it('offers 以最低售價即時購買 on a card info: the cheapest listing of someone else', async () => {
    signIn();
    const cheap = testListing({ id: 'lst_cheap', price: 9000, user: { id: 'usr_c', nickname: '小強', avatar: null } });
    const dear = testListing({ id: 'lst_dear', price: 26000 });
    suite.routes = (u) =>
      u.pathname === '/api/market/detail'
        ? {
            code: 200,
            data: detail({
              listing: null,
              listings: [testListing({ id: 'lst_own', price: 5000, mine: true }), cheap, dear],
            }),
          }
        : undefined;
    const router = renderAt('/market/detail?cardInfoId=ci_1');
    fireEvent.click(await screen.findByRole('button', { name: '以最低售價 HK$90.00 即時購買' }));
    await waitFor(() => expect(router.state.location.search).toBe('?listingId=lst_cheap'));
  });
});
