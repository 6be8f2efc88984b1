import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict } from '../../errors';
import { newItems } from '../../acquisition';
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
      const items = newItems(input.quantity, { item: 'gds', event: 'gev' }, { ...input, via: 'purchase', at: deps.clock.now() });
      await repo.insertGoods(tx, items.map((it) => ({ ...it.row, productId: input.productId })));
      await repo.insertEvents(tx, items.map((it) => ({ ...it.event, goodsId: it.id, kind: 'created' as const })));
      return items.map((it) => ({ id: it.id, productId: input.productId, name: product.name, image: product.images[0] ?? '', type: product.type }));
    },
  };
}
export type GoodsService = ReturnType<typeof createGoodsService>;
