import { and, desc, eq, or, sql, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cardInfos, products } from '../../db/schema/catalogue';
import { cards } from '../../db/schema/cards';
import { goods } from '../../db/schema/goods';
import { marketTradeQueries } from './market-trades.read-model';

/**
 * What the market reads of items and the catalogue (docs/decisions/011-market.md): read
 * only; every change of a card or goods unit goes through the cards and goods services.
 */
export interface ItemSnapshot {
  kind: 'card' | 'goods';
  id: string;
  ownerId: string;
  status: string;
  acquiredVia: string;
  acquiredAt: Date;
  cardInfoId: string | null;
  productId: string | null;
  productType: number | null;
  name: string;
  image: string;
  rarity: 'N' | 'R' | 'SR' | 'SSR' | 'UR' | null;
  themeId: string | null;
  serial: number | null;
  editionSize: number | null;
}

export interface CatalogueSnapshot {
  kind: 'card' | 'goods';
  id: string;
  name: string;
  image: string;
  description: string;
  rarity: 'N' | 'R' | 'SR' | 'SSR' | 'UR' | null;
  themeId: string | null;
  editionSize: number | null;
  productType: number | null;
}

const cardColumns = {
  id: cards.id,
  ownerId: cards.ownerId,
  status: cards.status,
  acquiredVia: cards.acquiredVia,
  acquiredAt: cards.acquiredAt,
  cardInfoId: cards.cardInfoId,
  serial: cards.serial,
  name: cardInfos.name,
  image: cardInfos.image,
  rarity: cardInfos.rarity,
  themeId: cardInfos.themeId,
  editionSize: cardInfos.editionSize,
};
const goodsColumns = {
  id: goods.id,
  ownerId: goods.ownerId,
  status: goods.status,
  acquiredVia: goods.acquiredVia,
  acquiredAt: goods.acquiredAt,
  productId: goods.productId,
  name: products.name,
  images: products.images,
  productType: products.type,
};

type CardRow = { [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'] };
type GoodsRow = { [K in keyof typeof goodsColumns]: (typeof goodsColumns)[K]['_']['data'] };

const fromCard = (r: CardRow): ItemSnapshot => ({ kind: 'card', ...r, productId: null, productType: null });
const fromGoods = (r: GoodsRow): ItemSnapshot => ({
  kind: 'goods',
  id: r.id,
  ownerId: r.ownerId,
  status: r.status,
  acquiredVia: r.acquiredVia,
  acquiredAt: r.acquiredAt,
  cardInfoId: null,
  productId: r.productId,
  productType: r.productType,
  name: r.name,
  image: r.images[0] ?? '',
  rarity: null,
  themeId: null,
  serial: null,
  editionSize: null,
});

export function createMarketReadModel() {
  return {
    ...marketTradeQueries,
    async item(db: Executor, kind: 'card' | 'goods', id: string): Promise<ItemSnapshot | null> {
      if (kind === 'card') {
        const [r] = await db
          .select(cardColumns)
          .from(cards)
          .innerJoin(cardInfos, eq(cardInfos.id, cards.cardInfoId))
          .where(eq(cards.id, id));
        return r ? fromCard(r) : null;
      }
      const [r] = await db
        .select(goodsColumns)
        .from(goods)
        .innerJoin(products, eq(products.id, goods.productId))
        .where(eq(goods.id, id));
      return r ? fromGoods(r) : null;
    },

    async catalogueItem(db: Executor, kind: 'card' | 'goods', id: string): Promise<CatalogueSnapshot | null> {
      if (kind === 'card') {
        const [r] = await db
          .select({
            id: cardInfos.id,
            name: cardInfos.name,
            image: cardInfos.image,
            description: cardInfos.description,
            rarity: cardInfos.rarity,
            themeId: cardInfos.themeId,
            editionSize: cardInfos.editionSize,
          })
          .from(cardInfos)
          .where(eq(cardInfos.id, id));
        return r ? { kind, ...r, productType: null } : null;
      }
      const [r] = await db
        .select({
          id: products.id,
          name: products.name,
          images: products.images,
          description: products.description,
          type: products.type,
        })
        .from(products)
        .where(eq(products.id, id));
      return r
        ? {
            kind,
            id: r.id,
            name: r.name,
            image: r.images[0] ?? '',
            description: r.description,
            rarity: null,
            themeId: null,
            editionSize: null,
            productType: r.type,
          }
        : null;
    },

    /** The owner's held items that may be listed: not bought on the market within the cooldown. */
    async consignable(
      db: Executor,
      ownerId: string,
      kind: 'card' | 'goods',
      cooldownSince: Date,
      limit: number,
      offset: number,
    ): Promise<ItemSnapshot[]> {
      if (kind === 'card') {
        const rows = await db
          .select(cardColumns)
          .from(cards)
          .innerJoin(cardInfos, eq(cardInfos.id, cards.cardInfoId))
          .where(
            and(
              eq(cards.ownerId, ownerId),
              eq(cards.status, 'held'),
              or(ne(cards.acquiredVia, 'market'), sql`${cards.acquiredAt} <= ${cooldownSince}`),
            ),
          )
          .orderBy(desc(cards.acquiredAt), desc(cards.id))
          .limit(limit)
          .offset(offset);
        return rows.map(fromCard);
      }
      const rows = await db
        .select(goodsColumns)
        .from(goods)
        .innerJoin(products, eq(products.id, goods.productId))
        .where(
          and(
            eq(goods.ownerId, ownerId),
            eq(goods.status, 'held'),
            or(ne(goods.acquiredVia, 'market'), sql`${goods.acquiredAt} <= ${cooldownSince}`),
          ),
        )
        .orderBy(desc(goods.acquiredAt), desc(goods.id))
        .limit(limit)
        .offset(offset);
      return rows.map(fromGoods);
    },
  };
}
export type MarketReadModel = ReturnType<typeof createMarketReadModel>;
