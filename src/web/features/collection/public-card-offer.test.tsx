import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OfferAvailability } from '../../../shared/schemas/offers';
import type { PublicCard } from '../../../shared/schemas/share';
import { mockRoutes, requestsTo, screenRoutes, type FetchMock, type Route } from '../../testing/screen-test';
import PublicCardScreen from './public-card-screen';

const card = {
  id: 'card_1',
  cardInfoId: 'ci_1',
  name: '火焰龍',
  image: '/c.svg',
  rarity: 'SSR',
  serial: 12,
  editionSize: 300,
  serialLabel: '#0012/300',
  themeId: 'thm_1',
  themeName: '龍',
  isBCard: false,
  description: '',
  owner: { id: 'usr_o', nickname: '阿明', avatar: null },
  provenance: [],
} as unknown as PublicCard;

let routes: Route;
let fetchMock: FetchMock;
const renderAt = screenRoutes([
  { path: '/card', element: <PublicCardScreen /> },
  { path: '/login', element: <p>登入頁</p> },
]);
const answer =
  (a: OfferAvailability): Route =>
  (u) => {
    if (u.pathname === '/api/card/public') return { code: 200, data: card };
    if (u.pathname === '/api/offer/availability') return { code: 200, data: a };
    return undefined;
  };

beforeEach(() => {
  localStorage.clear();
  fetchMock = mockRoutes(() => (u, init) => routes(u, init));
});

describe('出價 on a public card', () => {
  it('shows 出價 when the owner takes offers, asking about this card; signed out it goes to the login', async () => {
    routes = answer({ takesOffers: true, reason: null, marketPrice: 24_000 });
    const router = renderAt('/card?id=card_1');
    const button = await screen.findByRole('button', { name: '出價：火焰龍 #0012/300' });
    const asked = requestsTo(fetchMock, 'offer/availability')[0]!.searchParams;
    expect([asked.get('kind'), asked.get('itemId')]).toEqual(['card', 'card_1']);
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows no 出價 when the card takes none (offers off, listed, in delivery)', async () => {
    routes = answer({ takesOffers: false, reason: '物主不接受此物品的出價', marketPrice: null });
    renderAt('/card?id=card_1');
    const article = await screen.findByRole('article', { name: '火焰龍 #0012/300' });
    await waitFor(() => expect(requestsTo(fetchMock, 'offer/availability')).toHaveLength(1));
    expect(within(article).queryByRole('button', { name: /出價/ })).toBeNull();
  });
});
