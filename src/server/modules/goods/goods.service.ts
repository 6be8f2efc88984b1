import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict } from '../../errors';
import { newId } from '../../adapters/ids';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { createGoodsRepository, type GoodsStatus } from './goods.repository';

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

export function createGoodsService(deps: Deps, services: { catalogue: CatalogueService }) {
  const repo = createGoodsRepository();
  return {
    /** Moves a unit between statuses (listing, reserving); false when it was not in `from` (or not the owner's). */
    setStatus(tx: Tx, input: { id: string; from: GoodsStatus; to: GoodsStatus; ownerId?: string }): Promise<boolean> {
      return repo.setStatus(tx, input.id, input.from, input.to, input.ownerId);
    },

    /** A market sale: the unit moves to the buyer, held, with provenance and price; false when it was not in `fromStatus`. */
    async transfer(tx: Tx, input: { id: string; fromUserId: string; toUserId: string; fromStatus: GoodsStatus; priceCents: number; refId: string }): Promise<boolean> {
      const now = deps.clock.now();
      if (!(await repo.transfer(tx, { ...input, at: now }))) return false;
      await repo.insertEvents(tx, [{ id: newId('gev'), goodsId: input.id, kind: 'transferred', via: 'market', fromUserId: input.fromUserId, toUserId: input.toUserId, priceCents: input.priceCents, refId: input.refId, createdAt: now }]);
      return true;
    },

    /** Creates units of a product owned by `ownerId` (mall purchase), inside the caller's transaction. */
    async create(tx: Tx, input: CreateGoodsInput): Promise<CreatedGoods[]> {
      const product = await services.catalogue.takeProductStock(tx, input.productId, input.quantity, input.fromReservation ?? false);
      if (!product) throw conflict('此商品已售罄');
      const now = deps.clock.now();
      const out: CreatedGoods[] = [];
      const rows = [];
      const events = [];
      for (let i = 0; i < input.quantity; i++) {
        const id = newId('gds');
        rows.push({ id, productId: input.productId, ownerId: input.ownerId, status: 'held' as const, acquiredVia: 'purchase' as const, acquiredAt: now, createdAt: now });
        events.push({ id: newId('gev'), goodsId: id, kind: 'created' as const, via: 'purchase' as const, toUserId: input.ownerId, priceCents: input.priceCents ?? null, refId: input.refId, createdAt: now });
        out.push({ id, productId: input.productId, name: product.name, image: product.images[0] ?? '', type: product.type });
      }
      await repo.insertGoods(tx, rows);
      await repo.insertEvents(tx, events);
      return out;
    },
  };
}
export type GoodsService = ReturnType<typeof createGoodsService>;
