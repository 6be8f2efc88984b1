import type { CostRule, SaleSource, SaleWay } from '../../../shared/sale-ways';
import { newId } from '../../adapters/ids';
import type { Executor, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import {
  createSalesRepository,
  type CostBasis,
  type SaleRow,
  type SalesRepository,
  type SoldRow,
} from './sales.repository';

export type { CostBasis, SaleRow, SoldRow };

/** One unit that changed hands; `cost` only for the `cards_given` rule (the cost of what was given for it). */
export interface SaleUnit {
  itemId: string;
  serial?: number | null;
  editionSize?: number | null;
  cost?: number;
}

/** A completed trade, as its workflow records it (decision 049). */
export interface NewSale {
  /** A market trade keeps its market order's id; others get a new one. */
  id?: string;
  way: SaleWay;
  kind: 'card' | 'goods';
  buyerId: string;
  sellerId: string | null;
  item: {
    cardInfoId?: string | null;
    productId?: string | null;
    themeId?: string | null;
    itemName: string;
    itemImage?: string | null;
    rarity?: 'N' | 'R' | 'SR' | 'SSR' | 'UR' | null;
  };
  /** Before any discount, all units (cents). */
  price: number;
  fee?: number;
  discount?: number;
  orderNo?: string | null;
  posting?: { kind: string; ref: string } | null;
  /** The sell or buy listing it sold or filled. */
  listingId?: string | null;
  source: { kind: SaleSource; id: string };
  units: SaleUnit[];
  costRule: CostRule;
}

/** `total` shared among `n` units in whole cents, the remainder to the first units. */
export function shareOf(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total - base * n ? 1 : 0));
}

/**
 * The one record of every completed trade (decision 049). Each trade's workflow calls `record` in the transaction of
 * its postings; every view of a completed trade reads the `sales` table (or this service).
 */
export function createSalesService(deps: Pick<Deps, 'clock'>, repo: SalesRepository = createSalesRepository()) {
  const listeners: ((sale: NewSale) => void)[] = [];
  return {
    /** Calls `listener` with each sale recorded, inside its transaction (the prices drop what they keep of it). */
    onRecorded(listener: (sale: NewSale) => void): void {
      listeners.push(listener);
    },

    /** Records a completed trade and its units' cost bases, inside the trade's transaction; answers the sale id. */
    async record(tx: Tx, s: NewSale): Promise<string> {
      if (s.units.length === 0) throw new AppError('internal', `sale of ${s.source.kind} ${s.source.id} has no units`);
      const id = s.id ?? newId('sale');
      const paid = s.price - (s.discount ?? 0);
      const shares =
        s.costRule === 'code'
          ? s.units.map(() => 0)
          : s.costRule === 'cards_given'
            ? s.units.map((u) => u.cost ?? 0)
            : shareOf(paid, s.units.length);
      await repo.insert(
        tx,
        {
          id,
          way: s.way,
          kind: s.kind,
          buyerId: s.buyerId,
          sellerId: s.sellerId,
          cardInfoId: s.item.cardInfoId ?? null,
          productId: s.item.productId ?? null,
          themeId: s.item.themeId ?? null,
          itemName: s.item.itemName,
          itemImage: s.item.itemImage ?? '',
          rarity: s.item.rarity ?? null,
          quantity: s.units.length,
          price: s.price,
          fee: s.fee ?? 0,
          discount: s.discount ?? 0,
          orderNo: s.orderNo ?? null,
          postingKind: s.posting?.kind ?? null,
          postingRef: s.posting?.ref ?? null,
          listingId: s.listingId ?? null,
          sourceKind: s.source.kind,
          sourceId: s.source.id,
          createdAt: deps.clock.now(),
        },
        s.units.map((u, i) => ({
          saleId: id,
          itemId: u.itemId,
          serial: u.serial ?? null,
          editionSize: u.editionSize ?? null,
          cost: shares[i]!,
          costRule: s.costRule,
          returnedAt: null,
        })),
      );
      for (const listener of listeners) listener(s);
      return id;
    },

    /** Each unit's cost basis for its owner `ownerId` (units no sale gave them are missing). */
    costs: async (db: Executor, ownerId: string, itemIds: string[]): Promise<Map<string, number>> =>
      new Map([...(await repo.bases(db, ownerId, itemIds))].map(([id, b]) => [id, b.cost])),

    /** The same with the rule that set each (the portfolio says which applied). */
    bases: (db: Executor, ownerId: string, itemIds: string[]) => repo.bases(db, ownerId, itemIds),

    /** The user's sales to other users, with what each brought in and what its units had cost them (realised profit). */
    soldBy: (db: Executor, sellerId: string) => repo.soldBy(db, sellerId),

    byId: (db: Executor, id: string) => repo.byId(db, id),
    ofOrder: (db: Executor, orderNo: string) => repo.byOrderNo(db, orderNo),
    fromSource: (db: Executor, kind: SaleSource, id: string) => repo.bySource(db, kind, id),
    unitsOf: (db: Executor, saleIds: string[]) => repo.itemsOf(db, saleIds),

    /**
     * An operator's refund of part or all of a sale (decision 049): refused (false) past what was paid; the units
     * that went back to the platform lose their cost basis for the buyer.
     */
    async refund(tx: Tx, saleId: string, amount: number, returnedItemIds: string[]): Promise<boolean> {
      if (!(await repo.addRefund(tx, saleId, amount))) return false;
      await repo.markReturned(tx, saleId, returnedItemIds, deps.clock.now());
      return true;
    },
  };
}
export type SalesService = ReturnType<typeof createSalesService>;
