import { beforeEach } from 'vitest';
import type { Address } from '../../../shared/schemas/addresses';
import type { Goods, Shipment } from '../../../shared/schemas/delivery';
import { stores } from '../../lib/stores';
import { testShipment } from '../../testing/fixtures';
import { envelope, mockFetch, ok, requestsTo, type FetchMock } from '../../testing/screen-test';

/* The delivery screens' test data and fake server, shared by address-screens.test.tsx and entity-screens.test.tsx. */

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
export const shipment = testShipment();

export const deliveredAt = '2026-11-23T03:00:00.000Z';

/**
 * Before every test: fresh address and goods stores and a fake server over `server.book` (the address book, both
 * addresses at first), the goods `box` and `sleeve`, `shipment` (shp_1) and `server.delivered` (shp_2).
 */
export function deliveryServer() {
  const server = {
    book: [] as Address[],
    delivered: undefined as unknown as Shipment,
    fetchMock: undefined as unknown as FetchMock,
    /** The requests for an API path (without /api/). */
    requested: (path: string) => requestsTo(server.fetchMock, path),
    /** The JSON body of the last request for an API path. */
    bodyOf: (path: string) =>
      JSON.parse(
        server.fetchMock.mock.calls.filter(([u]) => u.startsWith(`/api/${path}`)).at(-1)![1].body as string,
      ) as Record<string, unknown>,
  };
  beforeEach(() => {
    server.book = [home, office];
    stores.address.reset();
    stores.goods.reset();
    server.fetchMock = mockFetch((u, init) => {
      const url = new URL(u, 'http://x');
      switch (url.pathname) {
        case '/api/address/list':
          return ok(server.book);
        case '/api/address/default':
          return ok(server.book.find((a) => a.isDefault) ?? null);
        case '/api/address/setDefault':
          server.book = server.book.map((a) => ({ ...a, isDefault: a.id === JSON.parse(init.body as string).id }));
          return ok(server.book[0]);
        case '/api/address/delete':
          server.book = server.book.filter((a) => a.id !== JSON.parse(init.body as string).id);
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
          if (url.searchParams.get('id') === 'shp_2') return ok(server.delivered);
          return url.searchParams.get('id') === 'shp_1' ? ok(shipment) : envelope(404, '找不到此提貨訂單', null);
        case '/api/logistic/confirm':
          server.delivered = { ...server.delivered, status: 'received' };
          return ok(server.delivered, '已確認收貨');
        default:
          return undefined;
      }
    });
  });
  return server;
}
