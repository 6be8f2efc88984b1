import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { stores } from '../../lib/stores';
import { screenRoutes } from '../../testing/screen-test';
import { deliveredAt, deliveryServer, shipment } from './delivery-fixtures';
import EntityOrderScreen from './entity-order-screen';
import EntityScreen from './entity-screen';
import LogisticsScreen from './logistics-screen';

const server = deliveryServer();
const { requested, bodyOf } = server;

const renderAt = screenRoutes(
  [
    { path: '/my/entity', element: <EntityScreen /> },
    { path: '/my/entity/order', element: <EntityOrderScreen /> },
    { path: '/my/logistics', element: <LogisticsScreen /> },
  ],
  { lists: true },
);

describe('/my/entity', () => {
  it('selects held physical goods and requests one delivery to the default address, then opens its timeline', async () => {
    const router = renderAt('/my/entity');
    expect(await screen.findByText('收藏卡盒')).toBeTruthy();
    expect(requested('goods/list')[0]!.searchParams.get('type')).toBe('1');
    expect(stores.goods.get('entityList')).toHaveLength(2);
    await screen.findByText('觀塘道 1 號', { exact: false });
    const send = screen.getByRole('button', { name: '申請提貨' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '選擇「收藏卡盒」' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '選擇「卡套」' }));
    expect(screen.getByText('已選 2 件')).toBeTruthy();
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    await act(async () => {
      fireEvent.click(send);
    });
    await waitFor(() => expect(requested('goods/delivery')).toHaveLength(1));
    expect(bodyOf('goods/delivery')).toEqual({ goodsIds: ['gds_1', 'gds_2'], addressId: 'adr_1' });
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/my/logistics?id=shp_1'),
    );
  });

  it("opens a unit's detail (goods/detail) with its description and history", async () => {
    renderAt('/my/entity');
    const open = await screen.findByRole('button', { name: '「收藏卡盒」詳情' });
    await act(async () => {
      fireEvent.click(open);
    });
    const dialog = await screen.findByRole('dialog', { name: '物品詳情' });
    expect(await within(dialog).findByText('無酸材質卡盒')).toBeTruthy();
    expect(within(dialog).getByText('購入')).toBeTruthy();
    expect(requested('goods/detail')[0]!.searchParams.get('id')).toBe('gds_1');
  });

  it('without an address, asks for one before a delivery can be requested', async () => {
    server.book = [];
    renderAt('/my/entity');
    await screen.findByText('收藏卡盒');
    expect(await screen.findByText('未有收貨地址：請先新增地址。')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '選擇「收藏卡盒」' }));
    expect((screen.getByRole('button', { name: '申請提貨' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('/my/entity/order and /my/logistics', () => {
  it('lists shipments with their status and links to the timeline', async () => {
    renderAt('/my/entity/order');
    const link = await screen.findByRole('link', { name: /收藏卡盒（SH261122ABCDEFGH）/ });
    expect(link.getAttribute('href')).toBe('/my/logistics?id=shp_1');
    expect(screen.getByText('已發貨')).toBeTruthy();
  });

  it('shows carrier, tracking number, address and the timeline in Hong Kong time, newest first', async () => {
    renderAt('/my/logistics?id=shp_1');
    const tracking = await screen.findByRole('link', { name: '在順豐速運網站追蹤運單 SF1234567890' });
    expect(tracking.getAttribute('href')).toBe(
      'https://htm.sf-express.com/hk/tc/dynamic_function/waybill/#search/bill-number/SF1234567890',
    );
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: '複製運單號碼 SF1234567890' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('SF1234567890'));
    // Not delivered yet: nothing to confirm.
    expect(screen.queryByRole('button', { name: '確認收貨' })).toBeNull();
    const times = [...document.querySelectorAll('time.timeline-time')].map((e) => e.textContent!.replace(/\s/g, ' '));
    expect(times).toEqual(['2026年11月22日 11:05', '2026年11月22日 10:00', '2026年11月22日 09:00']);
    expect(screen.getByText('已交付物流')).toBeTruthy();
    expect(screen.getByText('九龍 觀塘區 觀塘道 1 號')).toBeTruthy();
  });

  it('確認收貨 on a delivered shipment asks once, then shows it received', async () => {
    server.delivered = {
      ...shipment,
      id: 'shp_2',
      status: 'delivered',
      events: [...shipment.events, { kind: 'delivered', note: '', at: deliveredAt }],
    };
    renderAt('/my/logistics?id=shp_2');
    const confirm = await screen.findByRole('button', { name: '確認收貨' });
    vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    await act(async () => {
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(requested('logistic/confirm')).toHaveLength(1));
    expect(bodyOf('logistic/confirm')).toEqual({ id: 'shp_2' });
    expect(await screen.findByText('已確認收貨')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '確認收貨' })).toBeNull();
  });

  it('an unknown shipment is a clear empty state', async () => {
    renderAt('/my/logistics?id=shp_x');
    expect(
      await screen.findByText('找不到此提貨訂單', {
        selector: '.adm-error-block-description-title, .adm-error-block-description-title *',
      }),
    ).toBeTruthy();
  });
});
