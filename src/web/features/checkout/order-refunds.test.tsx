import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testPayOrder } from '../../testing/fixtures';
import { screenSuite } from '../../testing/screen-test';
import OrderDetailScreen from './order-detail-screen';

/** A paid mall order an operator refunded (decision 050), as its buyer sees it on /my/order. */
const refunded = testPayOrder({
  amount: 20_000,
  cards: [
    { id: 'c1', name: '維港幻彩', image: '', rarity: 'SSR', serial: 7, editionSize: 300, serialText: '#0007/300' },
    { id: 'c2', name: '維港幻彩', image: '', rarity: 'SSR', serial: 8, editionSize: 300, serialText: '#0008/300' },
  ],
  refunds: [
    {
      amount: 5_000,
      reason: '發貨延誤補償',
      toBalance: true,
      settled: true,
      itemIds: [],
      at: '2026-12-01T04:00:00.000Z',
    },
    {
      amount: 10_000,
      reason: '客戶取消一張',
      toBalance: false,
      settled: false,
      itemIds: ['c1'],
      at: '2026-12-02T04:00:00.000Z',
    },
  ],
});

const suite = screenSuite([{ path: '/my/order', element: <OrderDetailScreen /> }]);

describe('/my/order: an order refunded by an operator', () => {
  it('shows each refund with its amount, reason and where the money went, and the total in the figures', async () => {
    suite.routes = (u) => (u.pathname === '/api/payOrder/info' ? { code: 200, data: refunded } : undefined);
    suite.renderAt(`/my/order?orderNo=${refunded.orderNo}`);
    const section = await screen.findByRole('region', { name: '退款' });
    expect(within(section).getByText('已退款 HK$50.00')).toBeTruthy();
    expect(within(section).getByText('原因：發貨延誤補償')).toBeTruthy();
    expect(within(section).getByText(/已存入錢包餘額/)).toBeTruthy();
    expect(within(section).getByText(/正退回原付款方式/)).toBeTruthy();
    expect(within(screen.getByLabelText('訂單金額')).getByText('HK$150.00')).toBeTruthy();
    expect(screen.getByText('部分退款')).toBeTruthy();
    // The card that went back is marked; the other stays the buyer's.
    expect(screen.getByText(/#0007\/300（已退回平台）/)).toBeTruthy();
    expect(screen.getByText(/#0008\/300$/)).toBeTruthy();
    expect(within(section).getByText('1 件物品已由平台收回')).toBeTruthy();
  });

  it('says nothing of refunds on an order that has none', async () => {
    const plain = testPayOrder({});
    suite.routes = (u) => (u.pathname === '/api/payOrder/info' ? { code: 200, data: plain } : undefined);
    suite.renderAt(`/my/order?orderNo=${plain.orderNo}`);
    await screen.findByLabelText('訂單金額');
    expect(screen.queryByText(/已退款/)).toBeNull();
  });
});
