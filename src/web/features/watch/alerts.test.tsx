import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../../shared/schemas/alerts';
import { resetWatchState } from '../../components/watch-state';
import { writeSession } from '../../lib/auth-storage';
import { testSession, testWatchItem } from '../../testing/fixtures';
import { requestsTo, screenSuite } from '../../testing/screen-test';
import WatchlistScreen from './watchlist-screen';

const session = testSession;
const watched = testWatchItem({ marketPrice: null, basis: 'ask', priceNow: 2_000, change: 0 });
const alert: Alert = {
  id: 'alr_1',
  itemKind: 'card',
  itemId: 'ci_1',
  name: '祥瑞麒麟',
  image: null,
  side: 'ask',
  op: 'below',
  price: 1_800,
  armed: false,
  lastFiredAt: '2026-11-21T04:00:00.000Z',
  lastFiredPrice: 1_750,
  bestPrice: 2_000,
  createdAt: '2026-11-20T04:00:00.000Z',
};

let created: unknown[];
const suite = screenSuite([{ path: '/my/watchlist', element: <WatchlistScreen /> }], { lists: true });
const { renderAt } = suite;

beforeEach(() => {
  localStorage.clear();
  resetWatchState();
  writeSession(session);
  created = [];
  suite.routes = (u, init) => {
    if (u.pathname === '/api/watch/list')
      return { code: 200, data: u.searchParams.get('page') === '1' ? [watched] : [] };
    if (u.pathname === '/api/alert/list') return { code: 200, data: { list: [alert], total: 1 } };
    if (u.pathname === '/api/alert/delete') return { code: 200, data: { id: 'alr_1', deleted: true } };
    if (u.pathname === '/api/alert/create') {
      created.push(JSON.parse(String(init.body)));
      return { code: 200, data: { ...alert, id: 'alr_2', armed: true } };
    }
    return undefined;
  };
});

describe('price alerts on /my/watchlist', () => {
  it('lists the alerts with their state, opens the item’s market listings and deletes one', async () => {
    renderAt('/my/watchlist');
    const list = await screen.findByRole('list', { name: '價格提醒' });
    expect(within(list).getByRole('link', { name: '祥瑞麒麟' }).getAttribute('href')).toBe(
      '/market/detail?cardInfoId=ci_1',
    );
    expect(within(list).getByText('賣單價低於或等於 HK$18.00')).toBeTruthy();
    expect(within(list).getByText('現時：HK$20.00・已提醒（HK$17.50），價格回落 5% 後再提醒')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: '刪除價格提醒：祥瑞麒麟 賣單價低於或等於 HK$18.00' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: '價格提醒' })).toBeNull());
    expect(requestsTo(suite.fetchMock, 'alert/delete')).toHaveLength(1);
  });

  it('sets one from a watched row: the price is checked in HK$ before it is sent', async () => {
    renderAt('/my/watchlist');
    const rows = await screen.findByRole('list', { name: '關注的項目' });
    fireEvent.click(within(rows).getByRole('button', { name: '價格提醒：祥瑞麒麟' }));
    const sheet = await screen.findByRole('dialog', { name: '「祥瑞麒麟」價格提醒' });
    const price = within(sheet).getByRole('textbox', { name: '提醒價格（HK$）' });
    const submit = within(sheet).getByRole('button', { name: '設定提醒' });
    expect(within(sheet).getByText(/現時最低售價：HK\$20\.00/)).toBeTruthy();
    fireEvent.change(price, { target: { value: '0.99' } });
    expect(within(sheet).getByRole('alert').textContent).toBe('價格最少為 HK$1.00');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(sheet).getByRole('radio', { name: '求購價' }));
    fireEvent.click(within(sheet).getByRole('radio', { name: '高於或等於' }));
    expect(within(sheet).getByText(/現時最高出價：HK\$15\.00/)).toBeTruthy();
    fireEvent.change(price, { target: { value: '16.5' } });
    fireEvent.click(submit);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ cardInfoId: 'ci_1', side: 'bid', op: 'above', price: 1_650 });
  });
});
