import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import type { DeskListing } from '../../../shared/schemas/market-desk';
import { testListing } from '../../testing/fixtures';
import { requestsTo, screenSuite } from '../../testing/screen-test';
import MyMarketScreen from './my-market-screen';

const desk = (over: Partial<DeskListing> = {}): DeskListing => ({
  ...testListing({ mine: true }),
  version: 1,
  closedAt: null,
  watchers: 0,
  history: [{ kind: 'listed', version: 1, price: 25000, previousPrice: null, at: '2026-11-20T04:00:00.000Z' }],
  sales: [],
  ...over,
});

const suite = screenSuite([{ path: '/my/market', element: <MyMarketScreen /> }], { lists: true });
const { renderAt } = suite;
const bodyOf = (path: string) =>
  JSON.parse(
    suite.fetchMock.mock.calls.filter(([u]) => u.startsWith(`/api/${path}`)).at(-1)![1].body as string,
  ) as unknown;

describe('/my/market', () => {
  it('lists my active sell listings with their history; 改價 sends the new price with the version shown', async () => {
    let current = desk();
    suite.routes = (u, init) => {
      if (u.pathname === '/api/market/mine')
        return { code: 200, data: u.searchParams.get('page') === '1' ? [current] : [] };
      if (u.pathname === '/api/market/editPrice') {
        const body = JSON.parse(init.body as string) as { price: number };
        current = desk({
          price: body.price,
          version: 2,
          history: [
            ...current.history,
            {
              kind: 'price_changed',
              version: 2,
              price: body.price,
              previousPrice: 25000,
              at: '2026-11-21T04:00:00.000Z',
            },
          ],
        });
        return { code: 200, msg: '價格已更新', data: current };
      }
      return undefined;
    };
    renderAt('/my/market');
    const list = await screen.findByRole('list', { name: '進行中的出售掛單' });
    expect(within(list).getByText('HK$250.00')).toBeTruthy();
    expect(requestsTo(suite.fetchMock, 'market/mine')[0]!.searchParams.get('sell_type')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: /^改價：/ }));
    const sheet = await screen.findByRole('dialog', { name: '更改價格' });
    const input = within(sheet).getByLabelText('新售價（HK$）');
    fireEvent.change(input, { target: { value: '0.5' } });
    expect(within(sheet).getByRole('alert').textContent).toContain('價格最少為');
    fireEvent.change(input, { target: { value: '230' } });
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: '確認改價' }));
    });
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'market/editPrice')).toHaveLength(1));
    expect(bodyOf('market/editPrice')).toEqual({ id: current.id, price: 23000, version: 1 });
    expect(await screen.findByText('（第 2 版價格）')).toBeTruthy();
    expect(screen.getByText('HK$230.00')).toBeTruthy();
    expect(screen.getByText(/改價：HK\$250\.00 → HK\$230\.00/)).toBeTruthy();
  });

  it('cancels a bid after asking, and shows ended listings with their outcome', async () => {
    const bid = desk({ id: 'lst_bid', sell_type: 1, price: 14000 });
    let cancelled = false;
    suite.routes = (u) => {
      if (u.pathname === '/api/market/mine') {
        const ended = u.searchParams.get('view') === 'ended';
        if (u.searchParams.get('page') !== '1') return { code: 200, data: [] };
        if (ended)
          return {
            code: 200,
            data: [desk({ id: 'lst_sold', sell_type: 1, status: 'sold', closedAt: '2026-11-22T04:00:00.000Z' })],
          };
        return { code: 200, data: cancelled ? [] : [bid] };
      }
      if (u.pathname === '/api/market/cancel') {
        cancelled = true;
        return { code: 200, data: { ...bid, status: 'cancelled' } };
      }
      return undefined;
    };
    const router = renderAt('/my/market?side=buy');
    await screen.findByRole('list', { name: '進行中的求購' });
    expect(requestsTo(suite.fetchMock, 'market/mine')[0]!.searchParams.get('sell_type')).toBe('1');
    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^取消：/ }));
    });
    expect(String(confirm.mock.calls[0]![0].content)).toContain('預付的款項會退回你的錢包餘額');
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'market/cancel')).toHaveLength(1));
    expect(await screen.findByText('沒有進行中的求購')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('已結束'));
    });
    expect(router.state.location.search).toBe('?side=buy&view=ended');
    expect(await screen.findByText('已成交（求購完成）')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^改價：/ })).toBeNull();
  });

  it('shows a sell listing sold by an accepted offer as 已成交, with the way and the price agreed', async () => {
    const sale = {
      id: 'sale_1',
      way: 'offer' as const,
      price: 22000,
      fee: 1100,
      counterparty: { id: 'u_2', nickname: '小明', avatar: null },
      at: '2026-11-22T04:00:00.000Z',
    };
    suite.routes = (u) =>
      u.pathname === '/api/market/mine'
        ? {
            code: 200,
            data:
              u.searchParams.get('page') === '1'
                ? [
                    desk({ id: 'lst_offer', status: 'sold', closedAt: sale.at, sales: [sale] }),
                    desk({ id: 'lst_bought', status: 'sold', closedAt: sale.at, sales: [{ ...sale, way: 'listing' }] }),
                    desk({ id: 'lst_gone', status: 'cancelled', closedAt: sale.at }),
                  ]
                : [],
          }
        : undefined;
    renderAt('/my/market?side=sell&view=ended');
    expect(await screen.findByText('已成交（議價成交 HK$220.00）')).toBeTruthy();
    expect(screen.getByText('已成交')).toBeTruthy();
    expect(screen.getByText('已取消')).toBeTruthy();
  });
});
