import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SetQuoteUnlisted } from '../../../../shared/schemas/set-quote';
import { envelope, mockFetch, ok, renderAt, resetScreenTest } from '../../../testing/screen-test';
import { SetQuoteBids } from './set-quote-bids';

const card = (id: string, name: string, marketPrice: number | null, suggestedBid: number): SetQuoteUnlisted => ({
  cardInfoId: id,
  name,
  image: `/${id}.svg`,
  rarity: 'N',
  marketPrice,
  suggestedBid,
});
const cards = [card('ci_4', '風精', 1500, 1500), card('ci_5', '土偶', null, 1000)];
const bodies = (calls: [string, RequestInit][]) =>
  calls.filter(([u]) => u === '/api/market/createBids').map(([, i]) => JSON.parse(i.body as string));

afterEach(resetScreenTest);

describe('one-step bids on the set quote (decision 042, amended)', () => {
  it('prefills each price, places every ticked card in one call, and shows the order to pay', async () => {
    const fetchMock = mockFetch((u) =>
      u === '/api/market/createBids'
        ? ok({
            orderNo: 'TR2611270000ABCD',
            payUrl: '/pay/sandbox/TR2611270000ABCD',
            amountCents: 1800,
            listings: [{ id: 'lst_1', itemName: '風精' }],
          })
        : undefined,
    );
    const router = renderAt(
      [
        { path: '/', element: <SetQuoteBids themeId="thm_a" cards={cards} /> },
        { path: '/mall/pay', element: <p>付款</p> },
      ],
      '/',
    );
    const first = screen.getByLabelText('「風精」出價（港幣）（市價 HK$15.00）') as HTMLInputElement;
    expect(first.value).toBe('15');
    expect((screen.getByLabelText('「土偶」出價（港幣）（未有市價）') as HTMLInputElement).value).toBe('10');
    expect(screen.getByRole('button', { name: /一次出價 HK\$25\.00/ })).toBeTruthy();

    // A price out of bounds is named and blocks the button; one card can be left out.
    fireEvent.change(first, { target: { value: '0.5' } });
    expect(screen.getByRole('alert').textContent).toMatch(/價格最少為/);
    expect((screen.getByRole('button', { name: /一次出價/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(first, { target: { value: '18' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '求購「土偶」' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /一次出價 HK\$18\.00/ }));
    });
    expect(bodies(fetchMock.mock.calls)).toEqual([{ themeId: 'thm_a', cards: [{ cardInfoId: 'ci_4', price: 1800 }] }]);
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/market/createBids')!;
    expect((call[1].headers as Record<string, string>)['Idempotency-Key']).toMatch(/^web-/);

    expect(await screen.findByText(/已建立 1 張求購：「風精」/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '前往付款' }));
    await waitFor(() => expect(router.state.location.search).toBe('?orderNo=TR2611270000ABCD'));
    expect(router.state.location.pathname).toBe('/mall/pay');
  });

  it('keeps the form, and the same key, when the server refuses', async () => {
    const fetchMock = mockFetch((u) =>
      u === '/api/market/createBids' ? envelope(409, '請先完成實名認證，才可以在市場交易', null) : undefined,
    );
    renderAt([{ path: '/', element: <SetQuoteBids themeId="thm_a" cards={cards} /> }], '/');
    const keys = () =>
      fetchMock.mock.calls
        .filter(([u]) => u === '/api/market/createBids')
        .map(([, i]) => (i.headers as Record<string, string>)['Idempotency-Key']);
    for (let n = 1; n <= 2; n++) {
      const button = await screen.findByRole('button', { name: /一次出價 HK\$25\.00/ });
      await act(async () => {
        fireEvent.click(button);
      });
      await waitFor(() => expect(keys()).toHaveLength(n));
    }
    expect(keys()[0]).toBe(keys()[1]);
    expect(screen.queryByText(/已建立/)).toBeNull();
    expect(await screen.findByRole('button', { name: /一次出價 HK\$25\.00/ })).toBeTruthy();
  });
});
