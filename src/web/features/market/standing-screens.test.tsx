import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Feedback } from '../../../shared/schemas/standing';
import { testListing, testMarketDetail, testStanding } from '../../testing/fixtures';
import { requestsTo, screenSuite } from '../../testing/screen-test';
import MarketDetailScreen from './market-detail-screen';
import MarketUserScreen from './market-user-screen';

const profile = (standing = testStanding()) => ({
  id: 'usr_s',
  nickname: '賣家阿明',
  avatar: null,
  bio: '',
  verified: true,
  activeListings: 1,
  joinedAt: '2026-01-01T00:00:00.000Z',
  standing,
});
const feedback = (over: Partial<Feedback> = {}): Feedback => ({
  id: 'fb_1',
  rating: 'up',
  comment: '交收快，推薦！',
  hidden: false,
  authorRole: 'buyer',
  author: { id: 'usr_b', nickname: '買家小芳', avatar: null },
  createdAt: '2026-11-20T04:00:00.000Z',
  updatedAt: '2026-11-20T04:00:00.000Z',
  ...over,
});

const detail = testMarketDetail;

const suite = screenSuite(
  [
    { path: '/market/detail', element: <MarketDetailScreen /> },
    { path: '/market/user', element: <MarketUserScreen /> },
  ],
  { lists: true },
);
const { renderAt } = suite;
describe('seller standing on the storefront', () => {
  it('shows member since and verified but no figure before 5 trades', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/market/userInfo') return { code: 200, data: profile() };
      if (u.pathname === '/api/market/feedback/list') return { code: 200, data: [] };
      if (u.pathname === '/api/market/userList') return { code: 200, data: [] };
      return undefined;
    };
    renderAt('/market/user?id=usr_s');
    const standing = await screen.findByLabelText('賣家阿明的信譽');
    expect(within(standing).getByText('交易未滿 5 次')).toBeTruthy();
    expect(within(standing).getByText('已認證')).toBeTruthy();
    expect(within(standing).getByText('2026年1月1日')).toBeTruthy();
    expect(within(standing).queryByText('完成率')).toBeNull();
    expect(screen.queryByText(/已成交/)).toBeNull();
    expect(await screen.findByText('未有評價。')).toBeTruthy();
  });

  it('shows the figures from 5 trades, and recent comments (a hidden one says so)', async () => {
    const enough = testStanding({
      enough: true,
      sales: 12,
      purchases: 3,
      completionRate: 93,
      typicalResponseMinutes: 190,
      thumbsUpShare: 90,
      feedbackCount: 10,
    });
    suite.routes = (u) => {
      if (u.pathname === '/api/market/userInfo') return { code: 200, data: profile(enough) };
      if (u.pathname === '/api/market/feedback/list')
        return { code: 200, data: [feedback(), feedback({ id: 'fb_2', rating: 'down', comment: null, hidden: true })] };
      if (u.pathname === '/api/market/userList') return { code: 200, data: [] };
      return undefined;
    };
    renderAt('/market/user?id=usr_s');
    const standing = await screen.findByLabelText('賣家阿明的信譽');
    for (const text of ['12 次', '3 次', '93%', '約 3 小時', '👍 90%（10 個）'])
      expect(within(standing).getByText(text)).toBeTruthy();
    expect(within(standing).queryByText('交易未滿 5 次')).toBeNull();
    expect(await screen.findByText('交收快，推薦！')).toBeTruthy();
    expect(screen.getByText('（評語已被平台隱藏）')).toBeTruthy();
    expect(requestsTo(suite.fetchMock, 'market/feedback/list')[0]!.searchParams.get('id')).toBe('usr_s');
  });
});

describe('listing rows on /market/detail', () => {
  it("give the seller's name its own link to the storefront, beside the row's link (not inside it)", async () => {
    const data = detail({
      listing: null,
      listings: [testListing({ id: 'lst_9', user: { id: 'usr_t', nickname: '小芳', avatar: null } })],
    });
    suite.routes = (u) => (u.pathname === '/api/market/detail' ? { code: 200, data } : undefined);
    renderAt('/market/detail?cardInfoId=ci_1&sell_type=0');
    const seller = await screen.findByRole('link', { name: '賣家店舖：小芳' });
    expect(seller.getAttribute('href')).toBe('/market/user?id=usr_t');
    const row = screen.getByRole('link', { name: /^售價\s*HK\$250\.00$/ });
    expect(row.getAttribute('href')).toBe('/market/detail?id=lst_9');
    expect(row.contains(seller) || seller.contains(row)).toBe(false);
  });

  it("shows the listing's seller line with the seller's standing", async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/market/detail') return { code: 200, data: detail({ listing: testListing() }) };
      if (u.pathname === '/api/market/userInfo') return { code: 200, data: profile() };
      return undefined;
    };
    renderAt('/market/detail?id=lst_1');
    const standing = await screen.findByLabelText('賣家的信譽');
    expect(within(standing).getByText('交易未滿 5 次')).toBeTruthy();
    expect(requestsTo(suite.fetchMock, 'market/userInfo')[0]!.searchParams.get('id')).toBe('usr_s');
    expect(document.querySelector('.standing-slot')).toBeNull();
  });

  it("holds the standing's box, hidden, while it loads, so the listings below do not move", async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/market/detail') return { code: 200, data: detail({ listing: testListing() }) };
      if (u.pathname === '/api/market/userInfo') return { code: 200, data: profile() };
      return undefined;
    };
    // The seller's answer held back until the test lets it through.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const answer = suite.fetchMock.getMockImplementation()!;
    suite.fetchMock.mockImplementation(async (url, init) => {
      if (String(url).includes('market/userInfo')) await held;
      return answer(url, init);
    });
    renderAt('/market/detail?id=lst_1');
    await screen.findByRole('heading', { name: '賣家' });
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'market/userInfo')).toHaveLength(1));
    expect(document.querySelector('.standing-slot')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByLabelText('賣家的信譽')).toBeNull();
    release();
    expect(await screen.findByLabelText('賣家的信譽')).toBeTruthy();
    expect(document.querySelector('.standing-slot')).toBeNull();
  });
});
