import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThemeProgress } from '../../../shared/schemas/collection';
import { stores } from '../../lib/stores';
import { testBCardExchange } from '../../testing/fixtures';
import { mockFetch, ok, screenRoutes, type FetchMock } from '../../testing/screen-test';
import ThemeScreen from './theme-screen';

/** The theme's cards held: 火龍 ×2 and 水靈 ×1, each with the copy an exchange would consume. */
const HELD: ThemeProgress['cards'] = [
  {
    cardInfoId: 'ci_1',
    name: '火龍',
    image: '/1.svg',
    rarity: 'N',
    owned: 2,
    left: 10,
    consumable: { cardId: 'card_1', serialLabel: '#0003/1000' },
  },
  {
    cardInfoId: 'ci_2',
    name: '水靈',
    image: '/2.svg',
    rarity: 'SR',
    owned: 1,
    left: 10,
    consumable: { cardId: 'card_2', serialLabel: '#0001/50' },
  },
];

const theme = (over: Partial<ThemeProgress>): ThemeProgress => ({
  id: 'thm_a',
  name: '星空系列',
  description: '',
  cover: '/media/thm_a.svg',
  owned: 2,
  total: 3,
  cards: [
    ...HELD,
    { cardInfoId: 'ci_3', name: '雷鳥', image: '/3.svg', rarity: 'UR', owned: 0, left: 5, consumable: null },
  ],
  bCard: { cardInfoId: 'ci_b', name: '星之王', image: '/b.svg', rarity: 'UR', editionSize: 10, left: 4 },
  canExchange: false,
  exchange: null,
  ...over,
});

let fetchMock: FetchMock;
let themes: ThemeProgress[];

const renderAt = screenRoutes([{ path: '/my/theme', element: <ThemeScreen /> }], { lists: true });

beforeEach(() => {
  stores.card.reset();
  themes = [theme({})];
  fetchMock = mockFetch((url) => {
    if (url.startsWith('/api/card/theme'))
      return ok(new URL(url, 'http://x').searchParams.get('status') === '0' ? themes : []);
    if (url === '/api/card/exchangeBCard') return ok(testBCardExchange);
    return undefined;
  });
});

describe('/my/theme', () => {
  it('shows progress, greys the missing cards and keeps 兌換 B 卡 disabled until the set is complete', async () => {
    renderAt('/my/theme');
    expect(await screen.findByText('已收集 2 / 3')).toBeTruthy();
    expect(screen.getByText('未擁有')).toBeTruthy();
    expect(document.querySelectorAll('.card-tile.missing')).toHaveLength(1);
    expect((screen.getByRole('button', { name: '兌換 B 卡' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('集齊全部 3 張即可兌換 B 卡「星之王」')).toBeTruthy();
    // The list is kept in the seed's card.unexchangedTheme store.
    expect(stores.card.get('unexchangedTheme')).toHaveLength(1);
  });

  it('confirms with the cards that will be consumed, then exchanges and reloads', async () => {
    themes = [
      theme({
        owned: 3,
        canExchange: true,
        cards: [
          ...HELD,
          {
            cardInfoId: 'ci_3',
            name: '雷鳥',
            image: '/3.svg',
            rarity: 'UR',
            owned: 1,
            left: 4,
            consumable: { cardId: 'card_3', serialLabel: '#0002/5' },
          },
        ],
      }),
    ];
    let content: ReactElement | undefined;
    const confirm = vi.spyOn(Dialog, 'confirm').mockImplementation(async (props) => {
      content = props.content as ReactElement;
      return true;
    });
    renderAt('/my/theme');
    const button = await screen.findByRole('button', { name: '兌換 B 卡' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(confirm).toHaveBeenCalledTimes(1);
    const { container } = render(content!);
    const items = within(container)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['「火龍」#0003/1000', '「水靈」#0001/50', '「雷鳥」#0002/5']);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/card/exchangeBCard')).toBe(true));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/card/exchangeBCard')!;
    expect(JSON.parse(call[1].body as string)).toEqual({ themeId: 'thm_a' });
    await waitFor(() =>
      expect(Toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: '兌換成功，獲得「星之王」#0007/10' })),
    );
    // The list loads again after the exchange.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/card/theme')).length).toBeGreaterThanOrEqual(
        2,
      ),
    );
  });

  it('does not exchange when the confirmation is cancelled', async () => {
    themes = [theme({ canExchange: true, owned: 3 })];
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(false);
    renderAt('/my/theme');
    const button = await screen.findByRole('button', { name: '兌換 B 卡' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/card/exchangeBCard')).toBe(false);
  });

  it('一鍵補齊 shows the quote (owned, each missing card’s cheapest source, mall or market, the unlisted, the total) and pays it as one set order', async () => {
    themes = [
      theme({
        owned: 2,
        total: 4,
        cards: [
          ...theme({}).cards,
          { cardInfoId: 'ci_4', name: '風精', image: '/4.svg', rarity: 'N', owned: 0, left: 0, consumable: null },
        ],
      }),
    ];
    const quote = {
      quoteId: 'squo_1',
      themeId: 'thm_a',
      themeName: '星空系列',
      owned: [
        { cardInfoId: 'ci_1', name: '火龍', image: '/1.svg', rarity: 'N', marketPrice: null },
        { cardInfoId: 'ci_2', name: '水靈', image: '/2.svg', rarity: 'SR', marketPrice: null },
      ],
      lines: [
        {
          cardInfoId: 'ci_3',
          name: '雷鳥',
          image: '/3.svg',
          rarity: 'UR',
          marketPrice: 9000,
          source: 'market',
          listingId: 'lst_3',
          price: 8800,
          serialLabel: '#0002/5',
          left: null,
        },
        // The mall's own edition when it is the cheaper source (issue 44): no listing, no serial yet.
        {
          cardInfoId: 'ci_5',
          name: '東方青龍',
          image: '/5.svg',
          rarity: 'SR',
          marketPrice: 10800,
          source: 'mall',
          listingId: null,
          price: 7800,
          serialLabel: null,
          left: 352,
        },
      ],
      unlisted: [
        { cardInfoId: 'ci_4', name: '風精', image: '/4.svg', rarity: 'N', marketPrice: 1500, suggestedBid: 1500 },
      ],
      total: 16600,
      expiresAt: new Date(Date.now() + 120_000).toISOString(),
    };
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/card/theme'))
        return ok(new URL(url, 'http://x').searchParams.get('status') === '0' ? themes : []);
      if (url.startsWith('/api/theme/completionQuote')) return ok(quote);
      if (url === '/api/payOrder/create' && init.method === 'POST')
        return ok({
          orderNo: 'TR2611260000ABCD',
          type: 'set',
          status: 'pending',
          payUrl: '/pay/sandbox/TR2611260000ABCD',
        });
      return ok(null);
    });
    renderAt('/my/theme');
    const open = await screen.findByRole('button', { name: '一鍵補齊' });
    await act(async () => {
      fireEvent.click(open);
    });
    const dialog = await screen.findByRole('dialog', { name: '一鍵補齊「星空系列」' });
    expect(within(dialog).getByText('雷鳥')).toBeTruthy();
    expect(within(dialog).getByText('市場・#0002/5')).toBeTruthy();
    // Each card says its source and price: the mall's cheaper edition beside the market's listing.
    expect(within(dialog).getByText('東方青龍')).toBeTruthy();
    expect(within(dialog).getByText('商城・尚餘 352 張')).toBeTruthy();
    expect(within(dialog).getByText('HK$78.00')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '付款 HK$166.00' })).toBeTruthy();
    // The card nobody sells: a bid prefilled at its market price (one-step bids: set-quote-bids.test.tsx).
    expect((within(dialog).getByLabelText('「風精」出價（港幣）（市價 HK$15.00）') as HTMLInputElement).value).toBe(
      '15',
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /^付款/ }));
    });
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/payOrder/create')!;
    expect(JSON.parse(call[1].body as string)).toEqual({ type: 'set', themeId: 'thm_a', quoteId: 'squo_1' });
    expect((call[1].headers as Record<string, string>)['Idempotency-Key']).toMatch(/^web-/);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/sandbox/TR2611260000ABCD'));
  });

  it('has an empty state that says what to do next', async () => {
    themes = [];
    renderAt('/my/theme');
    expect(await screen.findByText('未有收集中的卡冊')).toBeTruthy();
    expect(screen.getByRole('button', { name: '兌換卡牌' })).toBeTruthy();
  });
});
