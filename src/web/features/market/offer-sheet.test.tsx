import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketDetail } from '../../../shared/schemas/market';
import type { CreateOfferResult } from '../../../shared/schemas/offers';
import { writeSession } from '../../lib/auth-storage';
import { testListing, testMarketDetail, testOffer, testTraderSession } from '../../testing/fixtures';
import { requestsTo, screenSuite } from '../../testing/screen-test';
import MarketDetailScreen from './market-detail-screen';

vi.mock('uplot', () => import('../../testing/uplot-stub'));

const detail = (over: Partial<MarketDetail> = {}): MarketDetail =>
  testMarketDetail({ listing: testListing(), listings: [testListing()], ...over });
const created = (price: number, warning: string | null): CreateOfferResult => ({
  ...testOffer({
    role: 'buyer',
    price,
    myTurn: false,
    thread: [{ n: 1, by: 'buyer', price, createdAt: '2026-11-26T04:00:00.000Z' }],
  }),
  warning,
  orderNo: null,
  payUrl: null,
});

const suite = screenSuite(
  [
    { path: '/market/detail', element: <MarketDetailScreen /> },
    { path: '/login', element: <p>登入頁</p> },
    { path: '/mall/pay', element: <p>付款頁</p> },
  ],
  { lists: true, priceHistory: true },
);
const { renderAt } = suite;
const signIn = () => writeSession(testTraderSession);

beforeEach(() => {
  localStorage.clear();
});

describe('出價 on /market/detail', () => {
  it('checks the price, sends the price, expiry and listing, and shows the warning under half the market price', async () => {
    signIn();
    suite.routes = (u, init) => {
      if (u.pathname === '/api/market/detail') return { code: 200, data: detail() };
      if (u.pathname === '/api/offer/create') {
        const body = JSON.parse(init.body as string) as { price: number };
        return { code: 200, msg: '出價已送出，款項已預留', data: created(body.price, '出價低於市場價的一半') };
      }
      return undefined;
    };
    renderAt('/market/detail?id=lst_1');
    fireEvent.click(await screen.findByRole('button', { name: '出價：維港幻彩' }));
    const sheet = await screen.findByRole('dialog', { name: '向「維港幻彩」出價' });
    const input = within(sheet).getByLabelText('出價（HK$）');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(within(sheet).getByRole('alert').textContent).toBe('請輸入金額，例如 120 或 88.50');
    expect((within(sheet).getByRole('button', { name: '確認出價' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '100' } });
    fireEvent.click(within(sheet).getByRole('radio', { name: '7 日' }));
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: '確認出價' }));
    });
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'offer/create')).toHaveLength(1));
    const call = suite.fetchMock.mock.calls.find(([u]) => u.startsWith('/api/offer/create'))!;
    expect(JSON.parse(call[1].body as string)).toEqual({
      kind: 'card',
      itemId: 'card_1',
      listingId: 'lst_1',
      price: 10000,
      expiresInHours: 168,
    });
    const done = await screen.findByRole('dialog', { name: '已出價 HK$100.00' });
    expect(within(done).getByRole('alert').textContent).toBe('出價低於市場價的一半');
    expect(within(done).getByRole('link', { name: '查看出價' }).getAttribute('href')).toBe(
      '/my/collection/order?tab=offer&id=ofr_1',
    );
  });

  it("keeps the form on the server's refusal, and offers no 出價 on my own listing", async () => {
    signIn();
    suite.routes = (u) => {
      if (u.pathname === '/api/market/detail') return { code: 200, data: detail() };
      if (u.pathname === '/api/offer/create') return { code: 409, msg: '出價最少為 HK$120.00', data: null };
      return undefined;
    };
    const view = renderAt('/market/detail?id=lst_1');
    fireEvent.click(await screen.findByRole('button', { name: '出價：維港幻彩' }));
    const sheet = await screen.findByRole('dialog', { name: '向「維港幻彩」出價' });
    fireEvent.change(within(sheet).getByLabelText('出價（HK$）'), { target: { value: '50' } });
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: '確認出價' }));
    });
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'offer/create')).toHaveLength(1));
    // The request client shows the server's zh-HK message; the form stays for another price.
    expect(screen.getByRole('dialog', { name: '向「維港幻彩」出價' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '查看出價' })).toBeNull();

    suite.routes = (u) =>
      u.pathname === '/api/market/detail'
        ? { code: 200, data: detail({ listing: testListing({ mine: true }) }) }
        : undefined;
    await act(async () => {
      await view.navigate('/market/detail?id=lst_9');
    });
    await screen.findByRole('heading', { name: '維港幻彩 #0012/300' });
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'market/detail')).toHaveLength(2));
    await screen.findByRole('button', { name: '取消掛單 HK$250.00' });
    expect(screen.queryByRole('button', { name: '出價：維港幻彩' })).toBeNull();
  });

  it('a short balance: the offer waits for its pay order, and 付款 opens the checkout of it', async () => {
    signIn();
    suite.routes = (u) => {
      if (u.pathname === '/api/market/detail') return { code: 200, data: detail() };
      if (u.pathname === '/api/offer/create')
        return {
          code: 200,
          msg: '錢包餘額不足，請付款以送出出價',
          data: { ...created(30000, null), status: 'pending_payment', orderNo: 'TR20261126ABCD', payUrl: null },
        };
      return undefined;
    };
    const router = renderAt('/market/detail?id=lst_1');
    fireEvent.click(await screen.findByRole('button', { name: '出價：維港幻彩' }));
    const sheet = await screen.findByRole('dialog', { name: '向「維港幻彩」出價' });
    fireEvent.change(within(sheet).getByLabelText('出價（HK$）'), { target: { value: '300' } });
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: '確認出價' }));
    });
    const pay = await screen.findByRole('dialog', { name: '付款以送出出價 HK$300.00' });
    fireEvent.click(within(pay).getByRole('button', { name: '付款' }));
    await waitFor(() => expect(router.state.location.search).toBe('?orderNo=TR20261126ABCD'));
    expect(router.state.location.pathname).toBe('/mall/pay');
  });

  it('sends a signed-out visitor to the login', async () => {
    suite.routes = (u) => (u.pathname === '/api/market/detail' ? { code: 200, data: detail() } : undefined);
    const router = renderAt('/market/detail?id=lst_1');
    fireEvent.click(await screen.findByRole('button', { name: '出價：維港幻彩' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
