import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '../../../shared/schemas/addresses';
import type { Goods, Shipment } from '../../../shared/schemas/delivery';
import { stores } from '../../lib/stores';
import { testShipment } from '../../testing/fixtures';
import { envelope, mockFetch, ok, screenRoutes, requestsTo, type FetchMock } from '../../testing/screen-test';
import AddressEditScreen from './address-edit-screen';
import AddressScreen from './address-screen';
import EntityOrderScreen from './entity-order-screen';
import EntityScreen from './entity-screen';
import LogisticsScreen from './logistics-screen';

const home: Address = {
  id: 'adr_1',
  recipient: '陳大文',
  phone: '+85291234567',
  region: '九龍',
  district: '觀塘區',
  detail: '觀塘道 1 號',
  isDefault: true,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};
const office: Address = {
  ...home,
  id: 'adr_2',
  recipient: '李小明',
  region: '香港島',
  district: '灣仔區',
  detail: '告士打道 5 號',
  isDefault: false,
};
const box: Goods = {
  id: 'gds_1',
  productId: 'prd_1',
  name: '收藏卡盒',
  image: '/p.svg',
  type: 1,
  status: 'held',
  acquiredAt: '2026-11-21T02:00:00.000Z',
};
const sleeve: Goods = { ...box, id: 'gds_2', name: '卡套' };
const shipment = testShipment();

const deliveredAt = '2026-11-23T03:00:00.000Z';
let delivered: Shipment;

let book: Address[];
let fetchMock: FetchMock;
const requested = (path: string) => requestsTo(fetchMock, path);
const bodyOf = (path: string) =>
  JSON.parse(fetchMock.mock.calls.filter(([u]) => u.startsWith(`/api/${path}`)).at(-1)![1].body as string) as Record<
    string,
    unknown
  >;

const renderAt = screenRoutes(
  [
    { path: '/my/address', element: <AddressScreen /> },
    { path: '/my/address/edit', element: <AddressEditScreen /> },
    { path: '/my/entity', element: <EntityScreen /> },
    { path: '/my/entity/order', element: <EntityOrderScreen /> },
    { path: '/my/logistics', element: <LogisticsScreen /> },
  ],
  { lists: true },
);

beforeEach(() => {
  book = [home, office];
  stores.address.reset();
  stores.goods.reset();
  fetchMock = mockFetch((u, init) => {
    const url = new URL(u, 'http://x');
    switch (url.pathname) {
      case '/api/address/list':
        return ok(book);
      case '/api/address/default':
        return ok(book.find((a) => a.isDefault) ?? null);
      case '/api/address/setDefault':
        book = book.map((a) => ({ ...a, isDefault: a.id === JSON.parse(init.body as string).id }));
        return ok(book[0]);
      case '/api/address/delete':
        book = book.filter((a) => a.id !== JSON.parse(init.body as string).id);
        return ok({ id: 'x', newDefaultId: null });
      case '/api/address/add':
      case '/api/address/update':
        return ok({ ...home, ...JSON.parse(init.body as string) });
      case '/api/goods/list':
        return ok([box, sleeve]);
      case '/api/goods/detail':
        return ok({
          ...box,
          description: '無酸材質卡盒',
          images: ['/p.svg'],
          shipmentId: null,
          events: [{ kind: 'created', at: '2026-11-21T02:00:00.000Z', shipmentId: null }],
        });
      case '/api/goods/delivery':
        return ok(shipment);
      case '/api/logistic/list':
        return ok([shipment]);
      case '/api/logistic/detail':
        if (url.searchParams.get('id') === 'shp_2') return ok(delivered);
        return url.searchParams.get('id') === 'shp_1' ? ok(shipment) : envelope(404, '找不到此提貨訂單', null);
      case '/api/logistic/confirm':
        delivered = { ...delivered, status: 'received' };
        return ok(delivered, '已確認收貨');
      default:
        return undefined;
    }
  });
});

describe('/my/address', () => {
  it('lists the book with the default tag, sets a default and deletes after confirming', async () => {
    renderAt('/my/address');
    const list = await screen.findByRole('list', { name: '收貨地址' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('預設')).toBeTruthy();
    expect(screen.getByText('九龍 觀塘區 觀塘道 1 號')).toBeTruthy();
    expect(screen.getAllByText('9123 4567')).toHaveLength(2);
    await waitFor(() => expect(stores.address.get('addressList')).toHaveLength(2));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '把「李小明」的地址設為預設' }));
    });
    expect(bodyOf('address/setDefault')).toEqual({ id: 'adr_2' });
    await waitFor(() => expect(requested('address/list')).toHaveLength(2));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: '收貨地址' }))
          .getByText('預設')
          .closest('li')!.textContent,
      ).toContain('李小明'),
    );

    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '刪除「陳大文」的地址' }));
    });
    expect(requested('address/delete')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '刪除「陳大文」的地址' }));
    });
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(bodyOf('address/delete')).toEqual({ id: 'adr_1' });
    await waitFor(() => expect(screen.queryByText('陳大文')).toBeNull());
  });

  it('an empty book says what to do next', async () => {
    book = [];
    renderAt('/my/address');
    expect(await screen.findByText('未有收貨地址')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增地址' })).toBeTruthy();
  });
});

describe('/my/address/edit', () => {
  it('adds an address with the region and district pickers; districts follow the region', async () => {
    const router = renderAt('/my/address/edit');
    const region = (await screen.findByLabelText('送貨地區')) as HTMLSelectElement;
    const district = screen.getByLabelText('分區') as HTMLSelectElement;
    expect(district.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('收件人'), { target: { value: '張三' } });
    fireEvent.change(screen.getByLabelText('收件人手機號碼'), { target: { value: '6123 4567' } });
    fireEvent.change(region, { target: { value: '新界' } });
    await waitFor(() => expect(district.disabled).toBe(false));
    expect(
      within(district)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['請選擇分區', '葵青區', '荃灣區', '屯門區', '元朗區', '北區', '大埔區', '沙田區', '西貢區']);
    fireEvent.change(district, { target: { value: '沙田區' } });
    fireEvent.change(screen.getByLabelText('詳細地址'), { target: { value: '沙田正街 3 號' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '儲存地址' }));
    });
    await waitFor(() => expect(requested('address/add')).toHaveLength(1));
    expect(bodyOf('address/add')).toEqual({
      recipient: '張三',
      phone: '+85261234567',
      region: '新界',
      district: '沙田區',
      detail: '沙田正街 3 號',
      isDefault: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/address'));
  });

  it('shows the shared zh-HK messages and sends nothing when fields are wrong', async () => {
    renderAt('/my/address/edit');
    await screen.findByLabelText('送貨地區');
    fireEvent.change(screen.getByLabelText('收件人手機號碼'), { target: { value: '1234' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '儲存地址' }));
    });
    await screen.findByText('請填寫收件人');
    const errors = [...document.querySelectorAll('.adm-form-item-feedback-error')].map((e) => e.textContent);
    expect(errors).toEqual([
      '請填寫收件人',
      '請輸入有效的香港、澳門或中國內地手機號碼',
      '請選擇地區（香港島、九龍、新界、離島或澳門）',
      '請先選擇地區',
      '請填寫詳細地址',
    ]);
    expect(requested('address/add')).toHaveLength(0);
  });

  it('edits an existing address, keeping the default flag it has', async () => {
    renderAt('/my/address/edit?id=adr_1');
    const recipient = (await screen.findByLabelText('收件人')) as HTMLInputElement;
    expect(recipient.value).toBe('陳大文');
    expect((screen.getByLabelText('收件人手機號碼') as HTMLInputElement).value).toBe('91234567');
    expect((screen.getByLabelText('分區') as HTMLSelectElement).value).toBe('觀塘區');
    fireEvent.change(recipient, { target: { value: '陳小文' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '儲存地址' }));
    });
    await waitFor(() => expect(requested('address/update')).toHaveLength(1));
    expect(bodyOf('address/update')).toMatchObject({
      id: 'adr_1',
      recipient: '陳小文',
      region: '九龍',
      district: '觀塘區',
      isDefault: true,
    });
  });

  it('an unknown id says the address is gone', async () => {
    renderAt('/my/address/edit?id=adr_gone');
    expect(await screen.findByText('找不到此地址')).toBeTruthy();
  });
});

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
    book = [];
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
    delivered = {
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
