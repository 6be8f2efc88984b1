import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardDetail } from '../../../../shared/schemas/collection';
import { mockFetch, ok, renderAt, requestsTo, resetScreenTest } from '../../../testing/screen-test';
import { CardMarketActions } from './card-market-actions';

const card = (over: Partial<CardDetail> = {}) =>
  ({ id: 'card_1', cardInfoId: 'ci_1', name: '火龍', status: 'held', mine: true, ...over }) as CardDetail;

afterEach(resetScreenTest);

describe('the market actions of a card in /my/collection', () => {
  it('出售 opens /market/sell with the card chosen', async () => {
    mockFetch(() => undefined);
    const router = renderAt(
      [
        { path: '/my/collection', element: <CardMarketActions card={card()} onChanged={() => {}} /> },
        { path: '/market/sell', element: <p>出售頁</p> },
      ],
      '/my/collection',
    );
    fireEvent.click(screen.getByRole('button', { name: '出售' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=card&itemId=card_1'));
  });

  it("取消掛單 finds the card's active listing and cancels it", async () => {
    const fetchMock = mockFetch((u) => {
      const url = new URL(u, 'http://x');
      if (url.pathname === '/api/market/myList')
        return ok([
          { id: 'lst_other', itemId: 'card_9', price: 100 },
          { id: 'lst_1', itemId: 'card_1', price: 12000 },
        ]);
      if (url.pathname === '/api/market/cancel') return ok({ id: 'lst_1', status: 'cancelled' });
      return undefined;
    });
    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    const onChanged = vi.fn();
    renderAt(
      [{ path: '/', element: <CardMarketActions card={card({ status: 'listed' })} onChanged={onChanged} /> }],
      '/',
    );
    expect(screen.queryByRole('button', { name: '出售' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '取消掛單' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(String(confirm.mock.calls[0]![0].content)).toContain('HK$120.00');
    expect(JSON.parse(fetchMock.mock.calls.find(([u]) => u.includes('market/cancel'))![1].body as string)).toEqual({
      id: 'lst_1',
    });
    expect(requestsTo(fetchMock, 'market/myList')[0]!.searchParams.get('status')).toBe('active');
  });

  it("offers nothing on a card that is not the user's", () => {
    mockFetch(() => undefined);
    renderAt([{ path: '/', element: <CardMarketActions card={card({ mine: false })} onChanged={() => {}} /> }], '/');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
