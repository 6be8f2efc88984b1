import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { WatchButton } from '../../components/watch-button';
import { resetWatchState } from '../../components/watch-state';
import { writeSession } from '../../lib/auth-storage';
import { signIn } from '../../lib/sign-in';
import { testSession, testWatchItem } from '../../testing/fixtures';
import { requestsTo, screenSuite } from '../../testing/screen-test';
import WatchlistScreen from './watchlist-screen';

const session = testSession;
const item = testWatchItem;

const suite = screenSuite(
  [
    { path: '/my/watchlist', element: <WatchlistScreen /> },
    {
      path: '/market/detail',
      element: (
        <>
          <WatchButton kind="cardInfo" id="ci_1" />
          <WatchButton kind="cardInfo" id="ci_2" name="夜渡" />
        </>
      ),
    },
    { path: '/login', element: <p>登入頁</p> },
    { path: '/', element: <p>首頁</p> },
  ],
  { lists: true },
);
const { renderAt } = suite;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetWatchState();
});

describe('the ♡', () => {
  it('signed out, goes through the login and back to the screen it was on', async () => {
    suite.routes = () => undefined;
    const router = renderAt('/market/detail?id=l1');
    const heart = await screen.findByRole('button', { name: '關注' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await screen.findByText('登入頁');
    // jsdom's location is not the memory router's: the ♡ stored where the window was.
    const stored = JSON.parse(sessionStorage.getItem('trove.returnTo')!) as { to: string };
    sessionStorage.setItem('trove.returnTo', JSON.stringify({ ...stored, to: '/market/detail?id=l1' }));
    act(() => signIn(session));
    await waitFor(() => expect(router.state.location.search).toBe('?id=l1'));
    expect(requestsTo(suite.fetchMock, 'watch/add')).toHaveLength(0);
  });

  it('signed in, asks the state of every ♡ on screen in one call, and toggles', async () => {
    writeSession(session);
    suite.routes = (u) => {
      if (u.pathname === '/api/watch/state') return { code: 200, data: { watched: ['ci_1'] } };
      if (u.pathname === '/api/watch/remove')
        return { code: 200, data: { kind: 'cardInfo', id: 'ci_1', watched: false } };
      return undefined;
    };
    renderAt('/market/detail');
    const on = await screen.findByRole('button', { name: '取消關注' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '關注：夜渡' }).getAttribute('aria-pressed')).toBe('false');
    expect(requestsTo(suite.fetchMock, 'watch/state')).toHaveLength(1);
    expect(requestsTo(suite.fetchMock, 'watch/state')[0]!.searchParams.get('ids')).toBe('ci_1,ci_2');
    fireEvent.click(on);
    expect((await screen.findByRole('button', { name: '關注' })).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('/my/watchlist', () => {
  it('shows each item with its prices and change since added, opens its screen and removes it', async () => {
    writeSession(session);
    const rows = [
      item(),
      item({
        kind: 'listing',
        id: 'l_9',
        name: '夜渡',
        listing: { price: 3_000, sell_type: 0, status: 'active', itemKind: 'card', itemId: 'ci_2' },
        basis: 'ask',
        priceAtAdd: 3_500,
        priceNow: 3_000,
        change: -500,
        marketPrice: null,
      }),
    ];
    suite.routes = (u) => {
      if (u.pathname === '/api/watch/list') return { code: 200, data: u.searchParams.get('page') === '1' ? rows : [] };
      if (u.pathname === '/api/watch/remove')
        return { code: 200, data: { kind: 'cardInfo', id: 'ci_1', watched: false } };
      return undefined;
    };
    renderAt('/my/watchlist');
    const list = await screen.findByRole('list', { name: '關注的項目' });
    expect(within(list).getByRole('link', { name: '祥瑞麒麟' }).getAttribute('href')).toBe('/mall/detail?id=ci_1');
    expect(within(list).getByRole('link', { name: '夜渡' }).getAttribute('href')).toBe('/market/detail?id=l_9');
    expect(within(list).getByText('自加入：+HK$5.00（市場價）')).toBeTruthy();
    expect(within(list).getByText('自加入：−HK$5.00（掛單價）')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: '移除關注：祥瑞麒麟' }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: '祥瑞麒麟' })).toBeNull());
    expect(requestsTo(suite.fetchMock, 'watch/remove')).toHaveLength(1);
  });
});
