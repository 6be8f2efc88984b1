import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import type { Shipment } from '../../../shared/schemas/delivery';
import type { MarketOrderDetail } from '../../../shared/schemas/market-desk';
import { testPayOrder, testShipment } from '../../testing/fixtures';
import { requestsTo, screenSuite } from '../../testing/screen-test';
import OrderDetailScreen from './order-detail-screen';
import OrderListScreen from './order-list-screen';

const marketOrder = (over: Partial<MarketOrderDetail> = {}): MarketOrderDetail => ({
  id: 'mord_1',
  orderNo: 'TR2611220000MKT1',
  listingId: 'lst_1',
  sell_type: 0,
  way: 'listing',
  role: 'buyer',
  status: 'completed',
  kind: 'goods',
  cardInfoId: null,
  productId: 'prd_1',
  itemId: 'gds_1',
  itemName: '麒麟公仔',
  itemImage: '/g.svg',
  rarity: null,
  themeId: null,
  serial: null,
  editionSize: null,
  serialLabel: null,
  price: 14000,
  fee: 700,
  proceeds: 13300,
  counterparty: { id: 'usr_s', nickname: '小明', avatar: null },
  createdAt: '2026-11-20T04:00:00.000Z',
  completedAt: '2026-11-20T04:05:00.000Z',
  paymentMethod: '模擬付款',
  timeline: [
    { kind: 'ordered', label: '買家下單', at: '2026-11-20T04:00:00.000Z' },
    { kind: 'paid', label: '買家已付款', at: '2026-11-20T04:05:00.000Z' },
    { kind: 'completed', label: '已成交，物品已轉移', at: '2026-11-20T04:05:00.000Z' },
  ],
  ...over,
});
const shipment = (status: Shipment['status']): Shipment =>
  testShipment({
    id: 'shp_9',
    status,
    items: [{ goodsId: 'gds_1', productId: 'prd_1', name: '麒麟公仔', image: '/g.svg' }],
    carrier: '香港郵政',
    trackingNumber: 'EC123456789HK',
    events: [],
  });
const payOrder = testPayOrder({
  cards: [
    { id: 'c1', name: '維港幻彩', image: '', rarity: 'SSR', serial: 7, editionSize: 300, serialText: '#0007/300' },
  ],
});

const suite = screenSuite(
  [
    { path: '/my/order', element: <OrderDetailScreen /> },
    { path: '/my/collection/order', element: <OrderListScreen /> },
  ],
  { lists: true },
);
const { renderAt } = suite;

describe('/my/order', () => {
  it("shows a market purchase of goods: price, payment, the seller's storefront, and 確認收貨 once delivered", async () => {
    let status: Shipment['status'] = 'delivered';
    suite.routes = (u) => {
      if (u.pathname === '/api/market/orderDetail') return { code: 200, data: marketOrder() };
      if (u.pathname === '/api/goods/detail') return { code: 200, data: { id: 'gds_1', shipmentId: 'shp_9' } };
      if (u.pathname === '/api/logistic/detail') return { code: 200, data: shipment(status) };
      if (u.pathname === '/api/logistic/confirm') {
        status = 'received';
        return { code: 200, msg: '已確認收貨', data: shipment(status) };
      }
      return undefined;
    };
    renderAt('/my/order?id=mord_1');
    const amounts = await screen.findByLabelText('訂單金額');
    expect(within(amounts).getByText('HK$140.00')).toBeTruthy();
    expect(within(amounts).getByText('模擬付款')).toBeTruthy();
    expect(within(amounts).queryByText('實收')).toBeNull();
    expect(screen.getByRole('link', { name: '小明的店舖' }).getAttribute('href')).toBe('/market/user?id=usr_s');
    expect(screen.getByText('買家已付款')).toBeTruthy();
    const track = await screen.findByRole('link', { name: '在香港郵政網站追蹤運單 EC123456789HK' });
    expect(track.getAttribute('href')).toContain('hongkongpost.hk');
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '確認收貨' }));
    });
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'logistic/confirm')).toHaveLength(1));
    expect(await screen.findByText(/已確認收貨/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '確認收貨' })).toBeNull();
  });

  it("shows the seller's fee and net, and no delivery", async () => {
    suite.routes = (u) =>
      u.pathname === '/api/market/orderDetail'
        ? { code: 200, data: marketOrder({ role: 'seller', paymentMethod: '錢包（扣除手續費後入帳）' }) }
        : undefined;
    renderAt('/my/order?id=mord_1');
    const amounts = await screen.findByLabelText('訂單金額');
    expect(within(amounts).getByText('−HK$7.00')).toBeTruthy();
    expect(within(amounts).getByText('HK$133.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: '小明的店舖' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '配送' })).toBeNull();
  });

  it('shows a trade settled by an accepted offer by its way, paid from the wallet (decision 049)', async () => {
    const offer = marketOrder({
      id: 'sale_1',
      orderNo: null,
      way: 'offer',
      paymentMethod: '錢包餘額',
      timeline: [{ kind: 'completed', label: '議價成交，物品已轉移', at: '2026-11-22T04:00:00.000Z' }],
    });
    suite.routes = (u) => (u.pathname === '/api/market/orderDetail' ? { code: 200, data: offer } : undefined);
    renderAt('/my/order?id=sale_1');
    expect(await screen.findByText('市場買入・議價成交')).toBeTruthy();
    expect(within(screen.getByLabelText('訂單金額')).getByText('錢包餘額')).toBeTruthy();
    expect(screen.getByText('議價成交，物品已轉移')).toBeTruthy();
  });

  it('shows a mall order with its serials; an unknown order is a clear empty state', async () => {
    suite.routes = (u) =>
      u.pathname === '/api/payOrder/info' && u.searchParams.get('orderNo') === payOrder.orderNo
        ? { code: 200, data: payOrder }
        : { code: 404, msg: '找不到此訂單', data: null };
    renderAt(`/my/order?orderNo=${payOrder.orderNo}`);
    expect(await screen.findByText('維港幻彩 #0007/300')).toBeTruthy();
    expect(within(screen.getByLabelText('訂單金額')).getByText('模擬付款')).toBeTruthy();
    expect(screen.getByText('卡牌已存入我的收藏')).toBeTruthy();
    expect(screen.queryByText(/持卡優惠/)).toBeNull();
  });

  it("shows a discounted mall order's list price and the perk that took its saving off", async () => {
    const perk = { title: '商城 8 折（每月一次）', cardName: '祥瑞麒麟', saving: 3760 };
    const discounted = { ...payOrder, discount: 3760, perk, amount: 15040 };
    suite.routes = (u) => (u.pathname === '/api/payOrder/info' ? { code: 200, data: discounted } : undefined);
    renderAt(`/my/order?orderNo=${payOrder.orderNo}`);
    const facts = within(await screen.findByLabelText('訂單金額'));
    expect(facts.getAllByText('HK$188.00')).toHaveLength(2); // 單價 and 原價
    expect(facts.getByText('持卡優惠（商城 8 折（每月一次）・祥瑞麒麟）')).toBeTruthy();
    expect(facts.getByText('−HK$37.60')).toBeTruthy();
    expect(facts.getByText('HK$150.40')).toBeTruthy();
  });
});

describe('/my/collection/order', () => {
  it('opens on the tab that has orders, rows open the order, and an empty tab says what it lists', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/payOrder/list') return { code: 200, data: [] };
      if (u.pathname === '/api/market/orderList')
        return {
          code: 200,
          data:
            u.searchParams.get('role') === 'seller' && u.searchParams.get('page') === '1'
              ? [marketOrder({ role: 'seller' })]
              : [],
        };
      return undefined;
    };
    const router = renderAt('/my/collection/order');
    const row = await screen.findByText('麒麟公仔');
    expect(router.state.location.search).toBe('?tab=seller');
    await act(async () => {
      fireEvent.click(row);
    });
    expect(router.state.location.pathname + router.state.location.search).toBe('/my/order?id=mord_1');
    await act(() => router.navigate('/my/collection/order?tab=mall'));
    expect(await screen.findByText('未有商城訂單')).toBeTruthy();
    await act(() => router.navigate('/my/collection/order?tab=buyer'));
    expect(await screen.findByText('未有市場訂單')).toBeTruthy();
  });

  it('says how each trade happened: an accepted offer and a set completion as well as a listing and a bid', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/payOrder/list') return { code: 200, data: [] };
      if (u.pathname === '/api/market/orderList')
        return {
          code: 200,
          data:
            u.searchParams.get('role') === 'seller' && u.searchParams.get('page') === '1'
              ? [
                  marketOrder({ id: 'sale_1', role: 'seller', way: 'offer' }),
                  marketOrder({ id: 'mord_2', role: 'seller', way: 'bid', sell_type: 1 }),
                  marketOrder({ id: 'mord_3', role: 'seller', way: 'set_completion' }),
                ]
              : [],
        };
      return undefined;
    };
    renderAt('/my/collection/order?tab=seller');
    expect(await screen.findByText(/^議價成交（賣給 小明）・/)).toBeTruthy();
    expect(screen.getByText(/^賣給 小明 的求購・/)).toBeTruthy();
    expect(screen.getByText(/^一鍵補齊（賣給 小明）・/)).toBeTruthy();
  });

  it("a completed row's 評價 opens its sheet there, not the order", async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/payOrder/list') return { code: 200, data: [] };
      if (u.pathname === '/api/market/orderList')
        return {
          code: 200,
          data: u.searchParams.get('role') === 'buyer' ? [marketOrder({ status: 'completed' })] : [],
        };
      return undefined;
    };
    const router = renderAt('/my/collection/order?tab=buyer');
    const rate = await screen.findByRole('button', { name: /^評價交易/ });
    expect(screen.getByText(/^向 小明 購買・/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(rate);
    });
    expect(await screen.findByRole('dialog', { name: /^評價交易/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my/collection/order');
  });
});
