import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DeskListing } from '../../../shared/schemas/market-desk';
import { writeSession } from '../../lib/auth-storage';
import { testListing, testMarketDetail, testStanding, testTraderSession } from '../../testing/fixtures';
import { testWallet } from '../../testing/wallet-fixtures';
import { requestsTo, screenSuite } from '../../testing/screen-test';
import MarketDetailScreen from './market-detail-screen';
import MarketSellScreen from './market-sell-screen';
import MarketUserScreen from './market-user-screen';
import MyMarketScreen from './my-market-screen';

/*
 * Issue 44: a bid says how many it wants wherever it is shown; selling into it (賣給他) and 出售 say before any sheet
 * that a payout account is needed, with a way to set one up that comes back; a seller's own listing shows one price.
 */

vi.mock('uplot', () => import('../../testing/uplot-stub'));

const suite = screenSuite(
  [
    { path: '/market/detail', element: <MarketDetailScreen /> },
    { path: '/market/sell', element: <MarketSellScreen /> },
    { path: '/market/user', element: <MarketUserScreen /> },
    { path: '/my/market', element: <MyMarketScreen /> },
    { path: '/my/payment', element: <p>錢包頁</p> },
    { path: '/mall/pay', element: <p>付款頁</p> },
  ],
  { lists: true, priceHistory: true },
);
const { renderAt } = suite;

/** A bid of 小明 for two copies at HK$200 each, one already filled. */
const bid = (over: Parameters<typeof testListing>[0] = {}) =>
  testListing({
    id: 'bid_1',
    sell_type: 1,
    itemId: null,
    serial: null,
    serialLabel: null,
    price: 20000,
    quantity: 2,
    filled: 1,
    user: { id: 'usr_b', nickname: '小明', avatar: null },
    ...over,
  });
const bidDetail = () => testMarketDetail({ listing: bid(), listings: [bid(), bid({ id: 'bid_2', price: 15000 })] });
const consignable = {
  ...testListing(),
  itemId: 'card_9',
  serial: 9,
  serialLabel: '#0009/300',
  acquiredAt: '2026-11-01T00:00:00.000Z',
  floorPrice: null,
  highestBid: 20000,
  lastSale: null,
  marketPrice: { price: null, sample: 0, thin: true },
};
const here = encodeURIComponent('/market/detail?id=bid_1');

describe('a bid says how many it wants', () => {
  it('on /market/detail (its head and the other bids) and in 賣給他’s sheet', async () => {
    writeSession(testTraderSession);
    suite.routes = (u) => {
      if (u.pathname === '/api/market/detail') return { code: 200, data: bidDetail() };
      if (u.pathname === '/api/payment/info') return { code: 200, data: testWallet() };
      if (u.pathname === '/api/market/canConsignList') return { code: 200, data: [consignable] };
      return undefined;
    };
    renderAt('/market/detail?id=bid_1');
    expect(await screen.findByRole('heading', { name: '維港幻彩' })).toBeTruthy();
    expect(screen.getAllByText('求購 2 張，尚欠 1 張')).toHaveLength(2);
    // A payout account: nothing to say up front.
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'payment/info')).toHaveLength(1));
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '賣給他' }));
    const sheet = await screen.findByRole('dialog', { name: '賣給他' });
    expect(await within(sheet).findByText('小明求購 2 張，尚欠 1 張，每張出價 HK$200.00')).toBeTruthy();
    expect(within(sheet).getByRole('radio', { name: /#0009\/300/ })).toBeTruthy();
  });

  it('on a storefront’s bids and on the desk, in 件 for goods', async () => {
    writeSession(testTraderSession);
    const goodsBid = bid({ kind: 'goods', cardInfoId: null, productId: 'prd_1', quantity: 3, filled: 0 });
    const mine: DeskListing = {
      ...goodsBid,
      mine: true,
      version: 1,
      closedAt: null,
      watchers: 0,
      history: [],
      sales: [],
    };
    suite.routes = (u) => {
      if (u.pathname === '/api/market/userInfo')
        return {
          code: 200,
          data: {
            id: 'usr_b',
            nickname: '小明',
            avatar: null,
            bio: '',
            verified: true,
            activeListings: 1,
            joinedAt: '2026-01-01T00:00:00.000Z',
            standing: testStanding(),
          },
        };
      if (u.pathname === '/api/market/userList')
        return { code: 200, data: u.searchParams.get('page') === '1' ? [goodsBid] : [] };
      if (u.pathname === '/api/market/mine')
        return { code: 200, data: u.searchParams.get('page') === '1' ? [mine] : [] };
      return undefined;
    };
    const router = renderAt('/market/user?id=usr_b&sell_type=1');
    expect(await screen.findByText('求購 3 件，尚欠 3 件')).toBeTruthy();
    await router.navigate('/my/market?side=buy');
    const list = await screen.findByRole('list', { name: '進行中的求購' });
    // The list is drawn before its rows arrive: wait for the row, not only the list.
    expect(await within(list).findByText('・每件，求購 3 件，尚欠 3 件')).toBeTruthy();
  });
});

describe('a payout account is asked for before the sheet', () => {
  it('賣給他: said on the screen when it opens, and the sheet offers only the way to set one up, which comes back', async () => {
    writeSession(testTraderSession);
    suite.routes = (u) => {
      if (u.pathname === '/api/market/detail') return { code: 200, data: bidDetail() };
      if (u.pathname === '/api/payment/info') return { code: 200, data: testWallet({ payoutAccount: null }) };
      if (u.pathname === '/api/market/canConsignList') return { code: 200, data: [consignable] };
      return undefined;
    };
    const router = renderAt('/market/detail?id=bid_1');
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('賣給他前，請先設定收款帳戶');
    expect(within(note).getByRole('link', { name: '設定收款帳戶' }).getAttribute('href')).toBe(
      `/my/payment?return=${here}`,
    );
    fireEvent.click(screen.getByRole('button', { name: '賣給他' }));
    const sheet = await screen.findByRole('dialog', { name: '賣給他' });
    expect(await within(sheet).findByText('請先設定收款帳戶')).toBeTruthy();
    expect(within(sheet).queryByRole('radio')).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: '設定收款帳戶' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/payment'));
    expect(router.state.location.search).toBe(`?return=${here}`);
  });

  it('出售 (/market/sell): its gate links to /my/payment coming back to the same form', async () => {
    writeSession(testTraderSession);
    suite.routes = (u) =>
      u.pathname === '/api/payment/info' ? { code: 200, data: testWallet({ payoutAccount: null }) } : undefined;
    const router = renderAt('/market/sell?kind=card&itemId=card_9');
    fireEvent.click(await screen.findByRole('button', { name: '設定收款帳戶' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/payment'));
    expect(router.state.location.search).toBe(`?return=${encodeURIComponent('/market/sell?kind=card&itemId=card_9')}`);
  });
});

describe('one lowest price on a seller’s own listing', () => {
  it('shows no 「以最低售價」 line on one’s own listing, and names the others’ cheapest when one’s own is the floor', async () => {
    writeSession(testTraderSession);
    const own = testListing({ id: 'lst_own', price: 4500, mine: true });
    const other = testListing({ id: 'lst_other', price: 4800, user: { id: 'usr_c', nickname: '小強', avatar: null } });
    suite.routes = (u) =>
      u.pathname === '/api/market/detail'
        ? {
            code: 200,
            data: testMarketDetail({
              listing: u.searchParams.get('id') ? own : null,
              floorPrice: 4500,
              listings: [own, other],
            }),
          }
        : undefined;
    const router = renderAt('/market/detail?id=lst_own');
    expect(await screen.findByRole('heading', { name: '維港幻彩 #0012/300' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /取消掛單/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /即時購買/ })).toBeNull();
    await router.navigate('/market/detail?cardInfoId=ci_1');
    fireEvent.click(await screen.findByRole('button', { name: '以其他賣家最低售價 HK$48.00 即時購買' }));
    await waitFor(() => expect(router.state.location.search).toBe('?listingId=lst_other'));
  });
});
