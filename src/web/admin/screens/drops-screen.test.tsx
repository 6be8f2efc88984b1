import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Drop } from '../lib/types';
import { DropsScreen } from './drops-screen';
import { stubMatchMedia } from '../lib/stub-match-media';

// The calendar must put a drop on its Hong Kong day in any browser: this suite runs in UTC, where 01:30 in Hong
// Kong on 2 December is still 1 December.
const zone = process.env.TZ;
process.env.TZ = 'UTC';

const drop = (over: Partial<Drop>): Drop =>
  ({
    kind: 'card',
    id: 'ci_1',
    name: '麒麟',
    priceCents: 39900,
    saleStartsAt: '2026-12-01T17:30:00.000Z',
    saleEndsAt: null,
    total: 100,
    sold: 10,
    reserved: 0,
    ...over,
  }) as Drop;

vi.mock('@refinedev/core', () => ({
  useList: () => ({
    result: { data: [drop({}), drop({ id: 'ci_2', name: '鳳凰', saleStartsAt: '2026-12-03T15:59:00.000Z' })] },
    query: { isLoading: false },
  }),
}));
vi.mock('@refinedev/antd', () => ({
  List: ({ title, headerButtons, children }: { title: string; headerButtons: ReactNode; children: ReactNode }) => (
    <section aria-label={title}>
      {headerButtons}
      {children}
    </section>
  ),
}));

beforeAll(() => {
  stubMatchMedia();
  vi.useFakeTimers({ now: new Date('2026-11-30T20:00:00.000Z'), toFake: ['Date'] }); // 1 December in Hong Kong
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  process.env.TZ = zone;
});
afterEach(cleanup);

function show() {
  const router = createMemoryRouter(
    [
      { path: '/drops', element: <DropsScreen /> },
      { path: '/cardInfos', element: <p>卡牌頁</p> },
      { path: '/products', element: <p>商品頁</p> },
    ],
    { initialEntries: ['/drops'] },
  );
  // As the back office's provider sets it: 新增, not 新 增.
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <RouterProvider router={router} />
    </ConfigProvider>,
  );
  return router;
}
const cellOf = (date: number) =>
  screen.getAllByRole('cell').find((c) => c.querySelector('.admin-month-date')?.textContent === String(date))!;

describe('發售日曆 in a UTC browser', { timeout: 90_000 }, () => {
  it('puts each drop on its Hong Kong day, at its Hong Kong time, and says the times are Hong Kong time', () => {
    expect(new Date().getTimezoneOffset()).toBe(0);
    show();
    expect(screen.getByRole('table', { name: '2026 年 12 月開售（香港時間）' })).toBeTruthy();
    expect(within(cellOf(2)).getByText(/01:30 卡牌：麒麟/)).toBeTruthy();
    expect(within(cellOf(1)).queryByText(/麒麟/)).toBeNull();
    expect(within(cellOf(3)).getByText(/23:59 卡牌：鳳凰/)).toBeTruthy();
    expect(screen.getByText('日期及時間均為香港時間')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '開售（香港時間）' })).toBeTruthy();
  });

  it("新增 on a day opens a form for that day at 10:00 Hong Kong time, and 繼續 opens the list's 新增 form", async () => {
    const router = show();
    expect(within(cellOf(1)).getByRole('button', { name: '新增 12 月 1 日開售' })).toBeTruthy();
    fireEvent.click(within(cellOf(5)).getByRole('button', { name: '新增 12 月 5 日開售' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('開售時間（香港時間）')).toHaveProperty('value', '2026-12-05 10:00');
    fireEvent.click(within(dialog).getByRole('radio', { name: '商品' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '繼續' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(router.state.location.search).toBe(
      `?create=1&saleStartsAt=${encodeURIComponent('2026-12-05T02:00:00.000Z')}`,
    );
  });

  it('the header 新增 opens the form without a day', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('開售時間（香港時間）')).toHaveProperty('value', '');
  });
});
