import { describe, expect, it } from 'vitest';
import { createLocalBroadcast } from '../../adapters/broadcast';
import { ManualClock } from '../../adapters/clock';
import type { Tx } from '../../db/client';
import { fakeDb } from '../../testing/fakes';
import type { SaleInfo } from '../catalogue/catalogue.service';
import { testSaleInfo } from '../catalogue/sale-info.fixtures';
import { createSoldOutFlags } from '../catalogue/sold-out-flags';
import type { OrderType } from '../pay-orders/pay-orders.service';
import { createMallService } from './mall.service';
import { noPerks } from '../perks/perks.fixtures';

/**
 * The mall's order types with fakes (STYLE.md §9, first tier): what availability read is what reserve uses, the
 * buyer's held quantity asked ahead is the one reserve checks, a refused claim is a sold-out 409 and flags the item.
 * The whole drop (pipelining, PostgreSQL) is covered by pay-orders.test.ts, pay-orders.pg.test.ts and bench:drop.
 */
function setUp(sale: Partial<SaleInfo> = {}) {
  const clock = new ManualClock(new Date('2026-11-26T01:00:00Z'));
  const calls = { saleInfo: 0, heldQuantity: 0 };
  const info = testSaleInfo(sale);
  let claimable = true;
  const registered = new Map<string, OrderType>();
  const db = fakeDb();
  createMallService(
    { db },
    {
      books: { mallSale: async () => {}, perkDiscount: async () => {} },
      sales: { record: async () => 'sale' },
      payOrders: {
        registerOrderType: ((type: string, t: OrderType) => registered.set(type, t)) as never,
        async heldQuantity() {
          calls.heldQuantity++;
          return 1;
        },
        async orderKeysOfItem() {
          return [];
        },
      },
      catalogue: {
        soldOut: createSoldOutFlags({ broadcast: createLocalBroadcast(), clock }),
        async saleInfo() {
          calls.saleInfo++;
          return { ...info, left: claimable ? info.left : 0 };
        },
        async claim() {
          return claimable;
        },
        async release() {
          return true;
        },
      },
      cards: { mint: async () => [] },
      goods: { create: async () => [] },
      perks: noPerks,
      // No hot items here: the waiting room is tested in modules/queue.
      queue: { admit: () => Promise.reject(new Error('not a hot drop')) },
    },
  );
  const refuse = () => (claimable = false);
  return { card: registered.get('card')!, product: registered.get('product')!, calls, clock, db, refuse };
}

describe('mall order types (fakes)', () => {
  const tx = { fake: 'tx' } as unknown as Tx;
  const input = { buyerId: 'u1', itemId: 'ci_1', quantity: 1, orderNo: 'TR1' };

  it('registers card and product with pay orders, as the market registers its own', () => {
    const { card, product } = setUp();
    expect(card.itemId({ type: 'card', cardInfoId: 'ci_1', quantity: 1 })).toBe('ci_1');
    expect(product.itemId({ type: 'product', productId: 'p_1', quantity: 1 })).toBe('p_1');
  });

  it('reserves with what availability read and what readAhead asked, reading neither again', async () => {
    const { card, calls, clock, db } = setUp();
    const checked = await card.availability(db, 'ci_1');
    expect(checked.refusal(clock.now())).toBeNull();
    const ahead = card.readAhead!(tx, input, checked);
    const item = await card.reserve(tx, input, clock.now(), checked, ahead);
    expect(item).toMatchObject({ cardInfoId: 'ci_1', itemName: '火焰龍', unitPriceCents: 12_800 });
    expect(calls).toEqual({ saleInfo: 1, heldQuantity: 1 });
    // Over the per-user limit: 1 held + 2 asked > 2.
    await expect(
      card.reserve(tx, { ...input, quantity: 2 }, clock.now(), checked, card.readAhead!(tx, input, checked)),
    ).rejects.toThrow('此卡牌每人限購 2 張，你已購買或有待付款訂單 1 張');
  });

  it('answers a refused claim as sold out and refuses the next attempt from memory', async () => {
    const { card, clock, db, refuse } = setUp();
    const checked = await card.availability(db, 'ci_1');
    const item = await card.reserve(tx, input, clock.now(), checked, card.readAhead!(tx, input, checked));
    refuse();
    await expect(item.claim!()).rejects.toThrow('此卡牌已售罄');
    await new Promise((r) => setTimeout(r, 0));
    expect(card.refusalFromMemory!('ci_1', 'another-key')?.message).toBe('此卡牌已售罄');
  });
});
