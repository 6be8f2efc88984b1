import type { Goods, GoodsDetail, GoodsStatus } from '../../../shared/schemas/delivery';
import { GOODS_STATUS_LABELS } from '../../../shared/schemas/delivery';
import type { Executor, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../adapters/ids';
import { newItems, saleEvent, type MarketSale } from '../../acquisition';
import type { ItemVia } from '../../../shared/schemas/collection';
import type { Actor } from '../auth/auth.service';
import type { ItemDepartures } from '../../item-departures';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { createGoodsRepository, type GoodsRepository } from './goods.repository';
import { paging } from '../../db/queries';

export type { GoodsStatus };

export interface CreateGoodsInput {
  productId: string;
  ownerId: string;
  quantity: number;
  refId: string;
  priceCents?: number | null;
  fromReservation?: boolean;
}

export interface CreatedGoods {
  id: string;
  productId: string;
  name: string;
  image: string;
  type: number;
}

/** What a shipment keeps of each unit it carries. */
export interface ShippedGoods {
  goodsId: string;
  productId: string;
  name: string;
  image: string;
}

const NOT_FOUND = '找不到此物品';

export function createGoodsService(
  deps: Deps,
  services: {
    catalogue: CatalogueService;
    /** Told of each unit that leaves its owner (sold, sent for delivery), in the same transaction (decision 040). */
    departures: Pick<ItemDepartures, 'left'>;
  },
  repo: GoodsRepository = createGoodsRepository(),
) {
  async function productsOf(db: Executor, productIds: string[]) {
    const rows = await services.catalogue.productsById(db, [...new Set(productIds)]);
    return new Map(rows.map((p) => [p.id, p]));
  }

  /** Moves the listed goods between delivery statuses, all or nothing, recording one event each. */
  async function move(
    tx: Tx,
    ids: string[],
    from: GoodsStatus,
    to: GoodsStatus,
    kind: 'delivery_cancelled' | 'delivered',
    shipmentId: string,
  ) {
    const changed = await repo.setStatus(tx, ids, from, to);
    if (changed.length !== ids.length) throw conflict('物品狀態已改變，請重新整理後再試');
    const now = deps.clock.now();
    // A delivery step changes no owner: `via` stays how the owner got the unit, `refId` names the shipment.
    await repo.insertEvents(
      tx,
      changed.map((g) => ({
        id: newId('gev'),
        goodsId: g.id,
        kind,
        via: g.acquiredVia,
        fromUserId: g.ownerId,
        refId: shipmentId,
        createdAt: now,
      })),
    );
  }

  /** A provenance step of the owner's units now, `via` each unit's own (how it reached them, or `refund`). */
  const ownerSteps = (
    units: { id: string; acquiredVia: ItemVia }[],
    kind: 'delivery_requested' | 'returned',
    ownerId: string,
    refId: string,
  ) => {
    const now = deps.clock.now();
    return units.map((g) => ({
      id: newId('gev'),
      goodsId: g.id,
      kind,
      via: g.acquiredVia,
      fromUserId: ownerId,
      refId,
      createdAt: now,
    }));
  };

  return {
    /** Moves a unit between statuses (listing, reserving); false when it was not in `from` (or not the owner's). */
    setStatus(tx: Tx, input: { id: string; from: GoodsStatus; to: GoodsStatus; ownerId?: string }): Promise<boolean> {
      return repo.moveOne(tx, input.id, input.from, input.to, input.ownerId);
    },

    /** A market sale: the unit moves to the buyer, held, with provenance and price; false when it was not in `fromStatus`. */
    async transfer(tx: Tx, input: MarketSale<GoodsStatus>): Promise<boolean> {
      const now = deps.clock.now();
      if (!(await repo.transfer(tx, { ...input, at: now }))) return false;
      await repo.insertEvents(tx, [{ ...saleEvent('gev', input, now), goodsId: input.id }]);
      await services.departures.left(tx, [{ kind: 'goods', itemId: input.id, how: 'transferred' }]);
      return true;
    },

    /** Creates units of a product owned by `ownerId` (mall purchase), inside the caller's transaction. */
    async create(tx: Tx, input: CreateGoodsInput): Promise<CreatedGoods[]> {
      const product = await services.catalogue.takeProductStock(
        tx,
        input.productId,
        input.quantity,
        input.fromReservation ?? false,
      );
      if (!product) throw conflict('此商品已售罄');
      const items = newItems(
        input.quantity,
        { item: 'gds', event: 'gev' },
        { ...input, via: 'purchase', at: deps.clock.now() },
      );
      await repo.insertGoods(
        tx,
        items.map((it) => ({ ...it.row, productId: input.productId })),
      );
      await repo.insertEvents(
        tx,
        items.map((it) => ({ ...it.event, goodsId: it.id, kind: 'created' as const })),
      );
      return items.map((it) => ({
        id: it.id,
        productId: input.productId,
        name: product.name,
        image: product.images[0] ?? '',
        type: product.type,
      }));
    },

    /** `goods/list`: the user's goods of one product type (0 其他, 1 實物), optionally of one status, newest first. */
    async list(
      actor: Actor,
      q: { type: number; status?: GoodsStatus; page: number; pageSize: number },
    ): Promise<Goods[]> {
      const productIds = await services.catalogue.productIdsOfType(deps.db, q.type);
      const rows = await repo.list(deps.db, actor.userId, {
        productIds,
        status: q.status,
        ...paging(q),
      });
      const products = await productsOf(
        deps.db,
        rows.map((r) => r.productId),
      );
      return rows.map((r) => {
        const p = products.get(r.productId);
        return {
          id: r.id,
          productId: r.productId,
          name: p?.name ?? '',
          image: p?.images[0] ?? '',
          type: p?.type === 1 ? 1 : 0,
          status: r.status,
          acquiredAt: r.acquiredAt.toISOString(),
        };
      });
    },

    /** `goods/detail`: one of the user's goods with its history; another user's is a 404. */
    async detail(actor: Actor, id: string): Promise<GoodsDetail> {
      const row = await repo.find(deps.db, actor.userId, id);
      if (!row) throw notFound(NOT_FOUND);
      const [products, events] = await Promise.all([productsOf(deps.db, [row.productId]), repo.events(deps.db, id)]);
      const p = products.get(row.productId);
      const inDelivery = row.status === 'delivering' || row.status === 'delivered';
      const lastRequest = events.filter((e) => e.kind === 'delivery_requested').at(-1);
      return {
        id: row.id,
        productId: row.productId,
        name: p?.name ?? '',
        image: p?.images[0] ?? '',
        images: p?.images ?? [],
        description: p?.description ?? '',
        type: p?.type === 1 ? 1 : 0,
        status: row.status,
        acquiredAt: row.acquiredAt.toISOString(),
        shipmentId: inDelivery ? (lastRequest?.refId ?? null) : null,
        events: events.map((e) => ({
          kind: e.kind,
          at: e.at.toISOString(),
          shipmentId:
            e.kind === 'delivery_requested' || e.kind === 'delivery_cancelled' || e.kind === 'delivered'
              ? e.refId
              : null,
        })),
      };
    },

    /**
     * Marks the owner's held physical goods `delivering` for `shipmentId`, inside the caller's
     * transaction, all or nothing. The rows are locked first, so a concurrent delivery request or
     * market listing of the same goods waits and then finds them no longer held.
     */
    async startDelivery(tx: Tx, ownerId: string, ids: string[], shipmentId: string): Promise<ShippedGoods[]> {
      const rows = await repo.lockOwned(tx, ownerId, ids);
      if (rows.length !== ids.length) throw notFound('找不到部分物品，請重新整理後再試');
      const products = await productsOf(
        tx,
        rows.map((r) => r.productId),
      );
      const name = (productId: string) => products.get(productId)?.name ?? '物品';
      const other = rows.find((r) => products.get(r.productId)?.type !== 1);
      if (other) throw invalid(`「${name(other.productId)}」不是實物商品，不能提貨`);
      const busy = rows.find((r) => r.status !== 'held');
      if (busy)
        throw conflict(`「${name(busy.productId)}」${GOODS_STATUS_LABELS[busy.status]}，不能提貨，請重新整理後再試`);
      const changed = await repo.setStatus(tx, ids, 'held', 'delivering');
      if (changed.length !== ids.length) throw conflict('部分物品狀態已改變，請重新整理後再試');
      await repo.insertEvents(tx, ownerSteps(rows, 'delivery_requested', ownerId, shipmentId));
      await services.departures.left(
        tx,
        ids.map((itemId) => ({ kind: 'goods' as const, itemId, how: 'delivery' as const })),
      );
      const order = new Map(ids.map((id, i) => [id, i]));
      return rows
        .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
        .map((r) => ({
          goodsId: r.id,
          productId: r.productId,
          name: name(r.productId),
          image: products.get(r.productId)?.images[0] ?? '',
        }));
    },

    /** Owner, status, product and how it reached them, of each of these units (the back office's refunds). */
    statesOf: (db: Executor, ids: string[]) => repo.statesOf(db, ids),

    /**
     * An operator's refund takes units back to the platform (decision 050): each must be held by `ownerId` and
     * bought in the mall with no change of hands since. Marked `returned` with a provenance step, and the product's
     * stock is sold again (the unit never left the warehouse). All or nothing, in the caller's transaction.
     */
    async reclaim(tx: Tx, input: { ownerId: string; ids: string[]; refId: string }): Promise<void> {
      const changed = await repo.markReturned(tx, input.ownerId, input.ids);
      if (changed.length !== new Set(input.ids).size)
        throw conflict('部分物品已轉讓、正在出售或已提貨，不能退回；請重新整理後只選仍存放中的物品');
      const steps = changed.map((g) => ({ id: g.id, acquiredVia: 'refund' as const }));
      await repo.insertEvents(tx, ownerSteps(steps, 'returned', input.ownerId, input.refId));
      const byProduct = new Map<string, number>();
      for (const g of changed) byProduct.set(g.productId, (byProduct.get(g.productId) ?? 0) + 1);
      for (const [productId, quantity] of byProduct) await services.catalogue.restock(tx, productId, quantity);
      await services.departures.left(
        tx,
        changed.map((g) => ({ kind: 'goods' as const, itemId: g.id, how: 'consumed' as const })),
      );
    },

    /** A shipment cancelled before it shipped: its goods are held again (caller's transaction). */
    cancelDelivery: (tx: Tx, ids: string[], shipmentId: string) =>
      move(tx, ids, 'delivering', 'held', 'delivery_cancelled', shipmentId),

    /** A shipment delivered: its goods are `delivered` (caller's transaction). */
    completeDelivery: (tx: Tx, ids: string[], shipmentId: string) =>
      move(tx, ids, 'delivering', 'delivered', 'delivered', shipmentId),
  };
}
export type GoodsService = ReturnType<typeof createGoodsService>;
