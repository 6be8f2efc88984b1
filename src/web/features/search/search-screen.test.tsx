import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../shared/schemas/search';
import { clearSession, writeSession } from '../../lib/auth-storage';
import { testUser } from '../../testing/fixtures';
import { requestsTo, screenSuite } from '../../testing/screen-test';
import SearchScreen from './search-screen';

const EMPTY: SearchResult = {
  cards: { total: 0, list: [] },
  goods: { total: 0, list: [] },
  themes: { total: 0, list: [] },
  sellers: { total: 0, list: [] },
  listings: { total: 0, list: [] },
  facets: { theme: [], rarity: [], kind: [], price: [] },
};

const answer = (over: Partial<SearchResult> = {}): SearchResult => ({
  cards: {
    total: 3,
    list: [
      {
        id: 'ci_qilin',
        name: '祥瑞麒麟',
        nameEn: 'Auspicious Qilin',
        image: '/q.svg',
        rarity: 'SSR',
        themeId: 'thm_myth',
        themeName: '神獸傳說',
        floorPrice: 25000,
        highestBid: 20000,
      },
    ],
  },
  goods: {
    total: 1,
    list: [
      {
        id: 'prd_qilin',
        name: '祥瑞麒麟 PVC 公仔',
        nameEn: null,
        image: '/p.svg',
        price: 19900,
        type: 1,
        floorPrice: null,
        highestBid: null,
      },
    ],
  },
  themes: { total: 1, list: [{ id: 'thm_myth', name: '神獸傳說', nameEn: null, cover: '/t.svg', cardCount: 12 }] },
  sellers: { total: 1, list: [{ id: 'usr_s', nickname: '麒麟收藏家', avatar: null, activeListings: 4 }] },
  listings: {
    total: 1,
    list: [
      {
        kind: 'card',
        id: 'ci_qilin',
        name: '祥瑞麒麟',
        image: '/q.svg',
        rarity: 'SSR',
        lowestAsk: 25000,
        highestBid: 20000,
        asks: 2,
        bids: 1,
        highestBidWant: { quantity: 2, filled: 1 },
        listingId: null,
        serialLabel: null,
      },
    ],
  },
  facets: {
    theme: [{ key: 'thm_myth', count: 3 }],
    rarity: [
      { key: 'SSR', count: 2 },
      { key: 'R', count: 1 },
      { key: 'N', count: 0 },
    ],
    kind: [{ key: 'card', count: 3 }],
    price: [{ key: '100to500', count: 2 }],
  },
  ...over,
});

const suite = screenSuite([{ path: '/search', element: <SearchScreen /> }]);
const { renderAt } = suite;

beforeEach(() => {
  localStorage.clear();
});
afterEach(clearSession);

describe('/search', () => {
  it('shows each section with its total, and each result opens its screen', async () => {
    suite.routes = (u) => (u.pathname === '/api/search' ? { code: 200, data: answer() } : undefined);
    renderAt('/search?q=麟');
    const cards = await screen.findByRole('region', { name: '卡牌（3）' });
    expect(within(cards).getByRole('link', { name: '祥瑞麒麟' }).getAttribute('href')).toBe('/mall/detail?id=ci_qilin');
    expect(within(cards).getByText('最低售價 HK$250.00')).toBeTruthy();
    const link = (region: string, name: string) =>
      within(screen.getByRole('region', { name: region }))
        .getByRole('link', { name })
        .getAttribute('href');
    expect(link('商品（1）', '祥瑞麒麟 PVC 公仔')).toBe('/mall/goodsDetail?id=prd_qilin');
    expect(link('主題（1）', '神獸傳說')).toBe('/search?theme=thm_myth&type=card');
    expect(link('市場掛單（1）', '祥瑞麒麟')).toBe('/market/detail?cardInfoId=ci_qilin&sell_type=0');
    // The best bid says how many it wants (issue 44).
    expect(
      within(screen.getByRole('region', { name: '市場掛單（1）' })).getByText(
        '最高出價 HK$200.00（1 張單，求購 2 張，尚欠 1 張）',
      ),
    ).toBeTruthy();
    expect(link('賣家（1）', '麒麟收藏家')).toBe('/market/user?id=usr_s');
    // Only the cards have more than they show.
    expect(screen.getAllByRole('button', { name: /^更多/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      '更多卡牌',
    ]);
    const q = requestsTo(suite.fetchMock, 'search')[0]!.searchParams;
    expect(q.get('q')).toBe('麟');
    expect(q.get('sort')).toBe('relevance');
    expect(q.has('missing')).toBe(false);
    // 「我未擁有」 is for a signed-in user only.
    expect(screen.queryByRole('checkbox', { name: '我未擁有' })).toBeNull();
  });

  it('puts chips, selectors and 更多 in the URL and asks again; back returns to the previous search', async () => {
    suite.routes = (u) => (u.pathname === '/api/search' ? { code: 200, data: answer() } : undefined);
    const router = renderAt('/search?q=麟');
    const rarity = await screen.findByRole('group', { name: '稀有度' });
    // A value without results is no chip.
    expect(within(rarity).queryByRole('button', { name: /^N（/ })).toBeNull();
    fireEvent.click(within(rarity).getByRole('button', { name: 'SSR（2 項）' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${encodeURIComponent('麟')}&rarity=SSR`));
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'search').at(-1)!.searchParams.get('rarity')).toBe('SSR'));
    expect((await screen.findByRole('button', { name: 'SSR（2 項）' })).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(screen.getByRole('group', { name: '價格' })).getByRole('button', { name: /HK\$100 – 500/ }));
    await waitFor(() => expect(router.state.location.search).toContain('minPrice=10000&maxPrice=49999'));
    fireEvent.change(await screen.findByRole('combobox', { name: '排序' }), { target: { value: 'price_asc' } });
    await waitFor(() => expect(router.state.location.search).toContain('sort=price_asc'));
    fireEvent.click(await screen.findByRole('button', { name: '更多卡牌' }));
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'search').at(-1)!.searchParams.get('type')).toBe('card'));
    expect(requestsTo(suite.fetchMock, 'search').at(-1)!.searchParams.get('pageSize')).toBe('20');

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).not.toContain('type=card'));
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'search').at(-1)!.searchParams.has('type')).toBe(false));
  });

  it('offers 我未擁有 when signed in and sends it', async () => {
    writeSession({ token: 't'.repeat(43), user: testUser, authority: ['user'] });
    suite.routes = (u) => (u.pathname === '/api/search' ? { code: 200, data: answer() } : undefined);
    const router = renderAt('/search?q=麟');
    fireEvent.click(await screen.findByRole('checkbox', { name: '我未擁有' }));
    await waitFor(() => expect(router.state.location.search).toContain('missing=true'));
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'search').at(-1)!.searchParams.get('missing')).toBe('true'));
  });

  it('says 找不到相關結果 with what to try, and clears the filters', async () => {
    suite.routes = (u) => (u.pathname === '/api/search' ? { code: 200, data: EMPTY } : undefined);
    const router = renderAt('/search?q=不存在&rarity=UR');
    expect(await screen.findByText('找不到相關結果')).toBeTruthy();
    expect(screen.getByText('試試清除篩選，或用較少字詞搜尋。')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '清除篩選' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${encodeURIComponent('不存在')}`));
    expect(await screen.findByText('試試用較少字詞、繁體或英文名稱，或輸入序號（例如 #12）。')).toBeTruthy();
  });

  it('asks nothing before there is a query, and a search from its box goes into the URL', async () => {
    suite.routes = (u) => (u.pathname === '/api/search' ? { code: 200, data: answer() } : undefined);
    const router = renderAt('/search');
    expect(screen.getByText(/輸入卡牌、商品、主題或賣家的名稱/)).toBeTruthy();
    expect(requestsTo(suite.fetchMock, 'search')).toHaveLength(0);
    const box = screen.getByRole('combobox', { name: '搜尋卡牌、商品、主題或賣家' });
    box.focus();
    fireEvent.change(box, { target: { value: '维港' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${encodeURIComponent('维港')}`));
    expect(await screen.findByRole('region', { name: '卡牌（3）' })).toBeTruthy();
    // The same box, still focused: the results came without a reload.
    expect(document.activeElement).toBe(box);
  });
});
