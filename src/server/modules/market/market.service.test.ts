import type { NewSale } from '../sales/sales.service';
import { recordingNotifier } from '../notifications/notifications.fixtures';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../adapters/clock';
import type { Deps } from '../../deps';
import { fakeDb, memoryLog } from '../../testing/fakes';
import type { Actor } from '../auth/auth.service';
import type { OrderType } from '../pay-orders/pay-orders.service';
import type { MarketServices } from './market-context';
import type { ItemSnapshot, MarketReadModel } from './market.read-model';
import type { ListingRow, MarketOrderRow, MarketRepository } from './market.repository';
import { createMarketService } from './market.service';

/**
 * The market with every outside part faked (STYLE.md §9, first tier): an in-memory repository with the SQL's
 * conditions, items that move by status, a ledger that records postings. The SQL, the routes and the races are
 * covered by market.test.ts, market.pg.test.ts, market-idempotency.pg.test.ts and the property test.
 */
function fakeRepository() {
  const listings: ListingRow[] = [];
  const orders: MarketOrderRow[] = [];
  const find = (id: string) => listings.find((l) => l.id === id) ?? null;
  const repo = {
    nextExpiry: async () => null,
    async listing(_db, id) {
      return find(id);
    },
    async insertListingOnce(_db, row) {
      if (find(row.id)) return null;
      const full = {
        takedownReason: null,
        reservedOrderNo: null,
        fundingOrderNo: null,
        counterpartyId: null,
        closedAt: null,
        ...row,
      } as ListingRow;
      listings.push(full);
      return full;
    },
    async transition(_db, id, from, set, guard = {}) {
      const l = find(id);
      if (!l || !from.includes(l.status)) return null;
      if (guard.reservedBy && l.reservedOrderNo !== guard.reservedBy) return null;
      if (guard.openAt && l.expiresAt <= guard.openAt) return null;
      return Object.assign(l, set);
    },
    async insertOrder(_db, row) {
      orders.push(row as MarketOrderRow);
      return row as MarketOrderRow;
    },
    async finishOrder(_db, orderNo, set) {
      return orders.filter((x) => x.orderNo === orderNo && x.status === 'pending').map((o) => Object.assign(o, set));
    },
  } satisfies Partial<MarketRepository> as unknown as MarketRepository;
  return { repo, listings, orders };
}

const seller: Actor = { userId: 'u_seller', sessionId: 's1', roles: ['user'] };
const buyer: Actor = { userId: 'u_buyer', sessionId: 's2', roles: ['user'] };

describe('market service (fakes)', () => {
  let store: ReturnType<typeof fakeRepository>;
  let market: ReturnType<typeof createMarketService>;
  let types: Map<string, OrderType>;
  let posted: { kind: string; ref: string; lines: { amount: number; account: { id: string } }[] }[];
  let sold: NewSale[];
  let items: Map<string, ItemSnapshot>;
  const clock = new ManualClock(new Date('2026-11-26T01:00:00Z'));

  beforeEach(() => {
    store = fakeRepository();
    types = new Map();
    posted = [];
    sold = [];
    items = new Map([
      [
        'card_1',
        {
          kind: 'card',
          id: 'card_1',
          ownerId: seller.userId,
          status: 'held',
          acquiredVia: 'drop',
          acquiredAt: new Date('2026-11-01T00:00:00Z'),
          cardInfoId: 'ci_1',
          productId: null,
          productType: null,
          name: '火焰龍',
          image: '/x.svg',
          rarity: 'SSR',
          themeId: 't1',
          serial: 12,
          editionSize: 1000,
        },
      ],
    ]);
    const move = {
      async setStatus(_tx: unknown, i: { id: string; from: string; to: string; ownerId?: string }) {
        const it = items.get(i.id);
        if (!it || it.status !== i.from || (i.ownerId && it.ownerId !== i.ownerId)) return false;
        it.status = i.to;
        return true;
      },
      async transfer(_tx: unknown, i: { id: string; fromUserId: string; toUserId: string; fromStatus: string }) {
        const it = items.get(i.id);
        if (!it || it.ownerId !== i.fromUserId || it.status !== i.fromStatus) return false;
        Object.assign(it, { ownerId: i.toUserId, status: 'held', acquiredVia: 'market' });
        return true;
      },
    };
    const svc = {
      auth: { profiles: async () => new Map() },
      identity: { isVerified: async () => true, payoutAccount: async () => ({}) },
      wallet: {
        async post(_tx: unknown, kind: string, ref: string, lines: never) {
          posted.push({ kind, ref, lines });
        },
      },
      sales: {
        async record(_tx: unknown, sale: NewSale) {
          sold.push(sale);
          return sale.id ?? 'sale';
        },
      },
      cards: move,
      goods: move,
      payOrders: { registerOrderType: (type: string, t: OrderType) => types.set(type, t) },
      audit: { record: async () => undefined },
      notifications: recordingNotifier().notifier,
      alerts: { listingChanged: async () => undefined },
    } as unknown as MarketServices;
    const read = { item: async (_db: unknown, _kind: string, id: string) => items.get(id) ?? null };
    const publicCache = { define: () => undefined, invalidate: () => undefined } as unknown as Deps['publicCache'];
    market = createMarketService(
      { db: fakeDb(), clock, log: memoryLog(), publicCache },
      svc,
      store.repo,
      read as unknown as MarketReadModel,
    );
  });

  const sell = (key?: string) =>
    market.create(seller, { sell_type: 0, kind: 'card', itemId: 'card_1', price: 10_000 }, key);

  it('lists an owned held card with its snapshot, and answers every attempt of one key with that listing', async () => {
    const first = await sell('k1');
    expect(first.listing).toMatchObject({ itemName: '火焰龍', serialLabel: '#0012/1000', price: 10_000, mine: true });
    expect(store.listings[0]).toMatchObject({ cardInfoId: 'ci_1', itemId: 'card_1', themeId: 't1', serial: 12 });
    expect(items.get('card_1')!.status).toBe('listed');
    expect(await sell('k1')).toEqual(first);
    await expect(sell('k2')).rejects.toThrow('此物品已在寄售中');
    expect(store.listings).toHaveLength(1);
  });

  it('registers `market` and `bid`; a paid market order moves the card and books the sale less the fee', async () => {
    expect([...types.keys()]).toEqual(['market', 'bid', 'set', 'bids']);
    const { listing } = await sell();
    const type = types.get('market')!;
    const now = clock.now();
    const input = { buyerId: buyer.userId, itemId: listing.id, quantity: 1, orderNo: 'TR1' };
    expect((await type.availability(fakeDb(), listing.id)).refusal(now)).toBeNull();
    expect(await type.reserve({} as never, input, now, { refusal: () => null }, undefined)).toMatchObject({
      listingId: listing.id,
      itemName: '火焰龍 #0012/1000',
      unitPriceCents: 10_000,
    });
    expect(store.orders[0]).toMatchObject({ orderNo: 'TR1', itemName: '火焰龍', serial: 12, fee: 500 });
    const order = { orderNo: 'TR1', buyerId: buyer.userId, listingId: listing.id, status: 'paid' } as Parameters<
      OrderType['fulfil']
    >[1];
    expect(await type.fulfil({} as never, order)).toMatchObject({ cards: [{ id: 'card_1', serial: 12 }] });
    expect(items.get('card_1')).toMatchObject({ ownerId: buyer.userId, status: 'held' });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.kind).toBe('market_sale');
    expect(posted[0]!.lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
    expect(store.orders[0]!.status).toBe('completed');
    // One sale record, keeping the market order's id: the listing sold to the buyer at its price, less the fee.
    expect(sold).toMatchObject([
      {
        id: store.orders[0]!.id,
        way: 'listing',
        buyerId: buyer.userId,
        sellerId: seller.userId,
        price: 10_000,
        fee: 500,
        listingId: listing.id,
        units: [{ itemId: 'card_1', serial: 12 }],
      },
    ]);
  });

  it('cancels an open sell listing: the card is held again', async () => {
    const { listing } = await sell();
    expect((await market.cancel(seller, listing.id)).status).toBe('cancelled');
    expect(items.get('card_1')!.status).toBe('held');
    await expect(market.cancel(buyer, listing.id)).rejects.toThrow('找不到此掛單');
  });
});
