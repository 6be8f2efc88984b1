import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import type { Shipment } from '../../../shared/schemas/delivery';
import { testPayOrder, testShipment } from '../../testing/fixtures';
import { requestsTo, screenSuite } from '../../testing/screen-test';
import OrderDetailScreen from './order-detail-screen';

/** Issue 44: a mall order of goods shows one delivery block per shipment, with one state; amounts stay whole. */

const figure = (id: string) => ({ id, productId: 'prd_1', name: '麒麟公仔', image: '/g.svg', type: 1 });
const order = testPayOrder({
  type: 'product',
  itemName: '麒麟公仔',
  quantity: 3,
  unitPrice: 3300,
  listAmount: 9900,
  discount: 1960,
  perk: { title: '商城 8 折（每月一次）', cardName: '祥瑞麒麟', saving: 1960 },
  amount: 7940,
  goods: [figure('gds_1'), figure('gds_2'), figure('gds_3')],
});
const shipment = (status: Shipment['status'], id = 'shp_1', goodsIds = ['gds_1', 'gds_2']): Shipment =>
  testShipment({
    id,
    shipmentNo: id === 'shp_1' ? 'SH261122AAAAAAAA' : 'SH261122BBBBBBBB',
    status,
    items: goodsIds.map((goodsId) => ({ goodsId, productId: 'prd_1', name: '麒麟公仔', image: '/g.svg' })),
  });

const suite = screenSuite([{ path: '/my/order', element: <OrderDetailScreen /> }]);

describe('/my/order: the delivery of a mall order of goods', () => {
  it('shows goods sent together once, with one 確認收貨 whose answer shows at once; the rest once, as not yet sent', async () => {
    let status: Shipment['status'] = 'delivered';
    suite.routes = (u) => {
      if (u.pathname === '/api/payOrder/info') return { code: 200, data: order };
      if (u.pathname === '/api/goods/detail') {
        const id = u.searchParams.get('id');
        return { code: 200, data: { id, shipmentId: id === 'gds_3' ? null : 'shp_1' } };
      }
      if (u.pathname === '/api/logistic/detail') return { code: 200, data: shipment(status) };
      if (u.pathname === '/api/logistic/confirm') {
        status = 'received';
        return { code: 200, msg: '已確認收貨', data: shipment(status) };
      }
      return undefined;
    };
    suite.renderAt(`/my/order?orderNo=${order.orderNo}`);
    const sent = await screen.findByRole('region', { name: '配送（提貨訂單 SH261122AAAAAAAA）' });
    const waiting = screen.getByRole('region', { name: '配送（未申請提貨）' });
    expect(within(waiting).getByText('1 件物品存放於寶庫倉庫，可隨時申請提貨。')).toBeTruthy();
    expect(screen.getAllByRole('region', { name: /^配送/ })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: '確認收貨' })).toHaveLength(1);
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    await act(async () => {
      fireEvent.click(within(sent).getByRole('button', { name: '確認收貨' }));
    });
    await waitFor(() => expect(requestsTo(suite.fetchMock, 'logistic/confirm')).toHaveLength(1));
    expect(await within(sent).findByText('提貨訂單 SH261122AAAAAAAA・已確認收貨')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '確認收貨' })).toBeNull();
  });

  it('titles a single shipment 配送, and keeps the discount whole', async () => {
    suite.routes = (u) => {
      if (u.pathname === '/api/payOrder/info') return { code: 200, data: order };
      if (u.pathname === '/api/goods/detail')
        return { code: 200, data: { id: u.searchParams.get('id'), shipmentId: 'shp_1' } };
      if (u.pathname === '/api/logistic/detail') return { code: 200, data: shipment('shipped') };
      return undefined;
    };
    suite.renderAt(`/my/order?orderNo=${order.orderNo}`);
    expect(await screen.findByRole('region', { name: '配送' })).toBeTruthy();
    expect(await screen.findByText('提貨訂單 SH261122AAAAAAAA・已發貨')).toBeTruthy();
    const facts = within(screen.getByLabelText('訂單金額'));
    expect(facts.getByText('−HK$19.60').className).toBe('pairs-amount');
    expect(facts.getByText('HK$79.40').className).toBe('pairs-amount');
    expect(facts.getByText(order.orderNo).className).toBe('');
  });
});
