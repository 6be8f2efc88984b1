import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardDetail } from '../../../../shared/schemas/collection';
import { mockFetch, ok, renderAt, resetScreenTest } from '../../../testing/screen-test';
import { CardOfferSettings, checkPct } from './card-offer-settings';

const card = (over: Partial<CardDetail> = {}) => ({ id: 'card_1', status: 'held', mine: true, ...over }) as CardDetail;
const bodyOf = (calls: [string, RequestInit][], path: string) =>
  calls.filter(([u, i]) => u.includes(path) && i.method === 'POST').map(([, i]) => JSON.parse(i.body as string));

afterEach(resetScreenTest);

describe("the owner's 接受出價 switch on a card", () => {
  it('reads the settings, switches offers off and saves the auto-decline share', async () => {
    const fetchMock = mockFetch((u, init) => {
      if (!u.includes('offer/settings')) return undefined;
      if (init.method === 'POST') return ok(JSON.parse(init.body as string));
      return ok({ kind: 'card', itemId: 'card_1', allowOffers: true, autoDeclinePct: null });
    });
    renderAt([{ path: '/', element: <CardOfferSettings card={card()} /> }], '/');
    const toggle = await screen.findByRole('switch', { name: '接受出價' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    fireEvent.change(screen.getByLabelText('自動拒絕低於市價（%）'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: '儲存' }));
    await screen.findByText('低於市價 60% 的出價會自動拒絕');

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(bodyOf(fetchMock.mock.calls, 'offer/settings')).toEqual([
      { kind: 'card', itemId: 'card_1', allowOffers: true, autoDeclinePct: 60 },
      { kind: 'card', itemId: 'card_1', allowOffers: false, autoDeclinePct: 60 },
    ]);
    expect(screen.queryByLabelText('自動拒絕低於市價（%）')).toBeNull();
  });

  it("shows nothing on someone else's card or a consumed one", () => {
    const fetchMock = mockFetch(() => undefined);
    renderAt([{ path: '/', element: <CardOfferSettings card={card({ mine: false })} /> }], '/');
    renderAt([{ path: '/', element: <CardOfferSettings card={card({ status: 'consumed' })} /> }], '/');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes 1 – 100 or blank for the share', () => {
    expect(checkPct('')).toEqual({ pct: null, error: null });
    expect(checkPct('50')).toEqual({ pct: 50, error: null });
    expect(checkPct('0').error).toBeTruthy();
    expect(checkPct('101').error).toBeTruthy();
    expect(checkPct('5.5').error).toBeTruthy();
  });
});
