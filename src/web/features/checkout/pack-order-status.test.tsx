import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { testPayOrder } from '../../testing/fixtures';
import { mockRoutes, screenRoutes, type Route } from '../../testing/screen-test';
import InfoScreen from './info-screen';

/** A `pack` order (issue 25): its item is the pack series; its cards were drawn and minted when it was paid. */
const packOrder = (over: Partial<PayOrder>): PayOrder =>
  testPayOrder({
    orderNo: 'TR2611260000PACK',
    type: 'pack',
    itemId: 'pk_1',
    itemName: '星夜卡包',
    quantity: 2,
    unitPrice: 3000,
    listAmount: 6000,
    amount: 6000,
    cards: [
      { id: 'c_1', name: '雷鳥', image: '/sr.svg', rarity: 'SR', serial: 2, editionSize: 50, serialText: '#002/50' },
    ],
    ...over,
  });

let routes: Route;
const renderAt = screenRoutes([
  { path: '/mall/info', element: <InfoScreen /> },
  { path: '/mall/pack', element: <p>卡包頁</p> },
]);

beforeEach(() => {
  mockRoutes(() => routes);
});

describe('/mall/info for a pack order', () => {
  it('paid: keeps the cards for the reveal and offers 開啟卡包 on the series’ page', async () => {
    routes = (u) => (u.pathname === '/api/payOrder/payCheck' ? { code: 200, data: packOrder({}) } : undefined);
    const router = renderAt('/mall/info?orderNo=TR2611260000PACK');
    expect(await screen.findByText('卡包的卡牌已存入「我的收藏」；開包看看抽中了甚麼。')).toBeTruthy();
    expect(screen.queryByText('雷鳥')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '開啟卡包' }));
    expect(await screen.findByText('卡包頁')).toBeTruthy();
    expect(router.state.location.search).toBe('?id=pk_1&orderNo=TR2611260000PACK');
  });

  it('expired: 再次購買 opens the series again', async () => {
    routes = (u) =>
      u.pathname === '/api/payOrder/payCheck'
        ? { code: 200, data: packOrder({ status: 'expired', paidAt: null, cards: [] }) }
        : undefined;
    const router = renderAt('/mall/info?orderNo=TR2611260000PACK');
    fireEvent.click(await screen.findByRole('button', { name: '再次購買' }));
    expect(await screen.findByText('卡包頁')).toBeTruthy();
    expect(router.state.location.search).toBe('?id=pk_1');
  });
});
