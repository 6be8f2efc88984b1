import type { Executor, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import type { Rarity } from '../../../shared/constants';
import type { CardInfo, Product, SaleState } from '../../../shared/schemas/catalogue';
import type { CardInfoDetail, ProductDetail } from '../../../shared/schemas/prices';
import type { PricesService } from '../prices/prices.service';
import { toCardInfo, toProduct } from './catalogue-views';
import { createLocalBroadcast } from '../../adapters/broadcast';
import { violatesCheck } from '../../db-errors';
import { createCatalogueRepository, supplyCheck, type CatalogueRepository } from './catalogue.repository';
import { createSoldOutFlags, type SupplyItem } from './sold-out-flags';
import { paging } from '../../db/queries';

export type SaleKind = 'card' | 'product';

/** The sale rules of one mall item, as a pay order needs them. */
export interface SaleInfo {
  kind: SaleKind;
  id: string;
  name: string;
  image: string;
  /** Null for items the mall does not sell (code-only and B cards). */
  priceCents: number | null;
  perUserLimit: number;
  /** 熱門: orders need the waiting room's admission (decision 044). */
  hot: boolean;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  saleState: SaleState;
  /** Edition size (cards) or stock (products). */
  total: number;
  /** What can still be reserved: total − minted/sold − reserved. */
  left: number;
  /** A product's type (1 實物, 0 其他), null for a card info: what a discount perk applies to. */
  productType: number | null;
  /** A card info's theme, null for a product: what a priority perk opens early. */
  themeId: string | null;
}

export interface CardInfoListInput {
  page: number;
  pageSize: number;
  themeId?: string;
  rarity?: Rarity;
  onSale?: boolean;
  saleState?: SaleState[];
}

/** The public-cache tag of card infos, products and themes (the mall's lists and details). */
export const CATALOGUE_TAG = 'catalogue';

/** `broadcast` unset (the codes command): sold-out flags are this process's own. */
export function createCatalogueService(
  deps: Pick<Deps, 'db' | 'clock' | 'publicCache'> & Partial<Pick<Deps, 'broadcast' | 'afterCommit'>>,
  /** The details show the market price (decision 032); the answers are cached under this module's tag, 30 s at most. */
  svc: { prices: Pick<PricesService, 'marketPrice'> },
  repo: CatalogueRepository = createCatalogueRepository(),
) {
  const soldOut = createSoldOutFlags({ broadcast: deps.broadcast ?? createLocalBroadcast(), clock: deps.clock });
  // Sale states move by the clock alone when a window opens or closes.
  deps.publicCache.define(CATALOGUE_TAG, { nextChange: (now) => repo.nextSaleChange(deps.db, now) });
  /** Told once a change of an item's supply or sale has committed (live stock updates, decision 037). */
  const supplyWatchers = new Set<(item: SupplyItem) => void>();
  const supplyMoved = (item: SupplyItem) => {
    if (supplyWatchers.size === 0) return;
    const tell = () => supplyWatchers.forEach((fn) => fn(item));
    // Once per item per transaction, and only if it commits.
    if (deps.afterCommit) deps.afterCommit(tell, `supply:${item.kind}:${item.id}`);
    else tell();
  };
  /** Every write of left / minted / sold counts changes what the mall's lists show. */
  const changed = <T>(result: T, item: SupplyItem): T => {
    deps.publicCache.invalidate(CATALOGUE_TAG);
    supplyMoved(item);
    return result;
  };

  return {
    /** Sold-out flags of mall items (pay orders refuse from them, set them and clear them on release). */
    soldOut,

    /**
     * To call after committing a change to a card info's or product's sale (price, edition size or
     * stock, sale times, for-sale state): buy attempts on every instance go back to the database.
     */
    saleChanged(item: SupplyItem): void {
      soldOut.clear(item);
      deps.publicCache.invalidate(CATALOGUE_TAG);
      supplyMoved(item);
    },

    /** Calls `fn` after the commit of every change to an item's supply or sale; answers the unsubscribe. */
    onSupplyChange(fn: (item: SupplyItem) => void): () => void {
      supplyWatchers.add(fn);
      return () => supplyWatchers.delete(fn);
    },

    /** An item's sale state and counts as the live stream sends them, or null when it does not exist. Public. */
    async supplyState(item: SupplyItem) {
      const now = deps.clock.now();
      const r =
        item.kind === 'card' ? await repo.cardInfo(deps.db, item.id, now) : await repo.product(deps.db, item.id, now);
      if (!r) return null;
      const [total, taken] = 'editionSize' in r ? [r.editionSize, r.minted] : [r.stock, r.sold];
      return { saleState: r.saleState, left: Math.max(0, r.left), total, taken };
    },

    /** Card infos, buyable first; `onSale` keeps what the mall sells (the 卡牌 tab). Public. */
    async cardInfos(q: CardInfoListInput): Promise<CardInfo[]> {
      const rows = await repo.listCardInfos(deps.db, deps.clock.now(), {
        ...paging(q),
        themeId: q.themeId,
        rarity: q.rarity,
        mallOnly: q.onSale,
        states: q.saleState,
      });
      const priority = await repo.priorityRights(deps.db);
      return rows.map((r) => toCardInfo(r, priority));
    },

    /** One card info, whatever its sale state. Public. */
    async cardInfo(id: string): Promise<CardInfoDetail> {
      const row = await repo.cardInfo(deps.db, id, deps.clock.now());
      if (!row) throw notFound('找不到這張卡牌');
      const [priority, marketPrice] = await Promise.all([
        repo.priorityRights(deps.db),
        svc.prices.marketPrice('card', id),
      ]);
      return { ...toCardInfo(row, priority), marketPrice };
    },

    /** Products of one type (0 其他, 1 實物) whose sale has not ended, buyable first. Public. */
    async products(q: { type: number; page: number; pageSize: number }): Promise<Product[]> {
      const rows = await repo.listProducts(deps.db, deps.clock.now(), { type: q.type, ...paging(q) });
      const priority = await repo.priorityRights(deps.db);
      return rows.map((r) => toProduct(r, priority));
    },

    /** One product, whatever its sale state. Public. */
    async product(id: string): Promise<ProductDetail> {
      const row = await repo.product(deps.db, id, deps.clock.now());
      if (!row) throw notFound('找不到這件商品');
      const [priority, marketPrice] = await Promise.all([
        repo.priorityRights(deps.db),
        svc.prices.marketPrice('goods', id),
      ]);
      return { ...toProduct(row, priority), marketPrice };
    },

    /**
     * The sale rules of one card info or product, read inside the caller's transaction (pay
     * orders). `lock` holds the row until the transaction ends, so the state cannot change
     * between this read and the reservation. Unknown id → 404.
     */
    async saleInfo(
      tx: Executor,
      item: { kind: SaleKind; id: string },
      opts: { lock?: boolean } = {},
    ): Promise<SaleInfo> {
      const now = deps.clock.now();
      const r =
        item.kind === 'card' ? await repo.cardInfo(tx, item.id, now, opts) : await repo.product(tx, item.id, now, opts);
      if (!r) throw notFound(item.kind === 'card' ? '找不到這張卡牌' : '找不到這件商品');
      const common = {
        id: r.id,
        name: r.name,
        perUserLimit: r.perUserLimit,
        hot: r.hot,
        saleStartsAt: r.saleStartsAt,
        saleEndsAt: r.saleEndsAt,
        saleState: r.saleState,
        left: Math.max(0, r.left),
      };
      return 'editionSize' in r
        ? {
            kind: 'card',
            ...common,
            image: r.image,
            priceCents: r.isBCard ? null : r.priceCents,
            total: r.editionSize,
            productType: null,
            themeId: r.themeId,
          }
        : {
            kind: 'product',
            ...common,
            image: r.images[0] ?? '',
            priceCents: r.priceCents,
            total: r.stock,
            productType: r.type,
            themeId: null,
          };
    },

    /** The rights of every card info that grants a priority window (perks: who may buy an upcoming item early). */
    priorityRights: (db: Executor) => repo.priorityRights(db),

    /** Products by id: type, name, description and images (goods and shipments show them). */
    productsById: (db: Executor, ids: string[]) => repo.productsById(db, ids),

    /** The ids of every product of one type (0 其他, 1 實物), to list a user's goods of that type. */
    productIdsOfType: (db: Executor, type: number) => repo.productIdsOfType(db, type),

    /** One theme and its B card info, or null; in the caller's transaction (set exchange). */
    theme: (tx: Executor, id: string) => repo.theme(tx, id),

    /** The card infos that make up a theme's set (its B card excluded), in display order. */
    setCardInfos: (tx: Executor, themeId: string) => repo.setCardInfos(tx, themeId),

    /** The set's card infos that still have free editions: what a theme code can mint. */
    mintableCardInfos: (tx: Executor, themeId: string) => repo.mintableCardInfos(tx, themeId),

    /** Card infos by id with their edition counts (minted, reserved). */
    cardInfosById: (tx: Executor, ids: string[]) => repo.cardInfosById(tx, ids),

    /** Themes' names by id (operators' batch lists). */
    themeNamesById: (tx: Executor, ids: string[]) => repo.themeNamesById(tx, ids),

    /**
     * Holds `quantity` editions / stock units for a pending pay order, in the caller's
     * transaction. False when fewer are left (the caller answers 409); never oversells, since the
     * check and the update are one statement.
     */
    async reserve(tx: Tx, item: { kind: SaleKind; id: string }, quantity: number): Promise<boolean> {
      return changed(await repo.reserve(tx, item.kind, item.id, quantity), item);
    },

    /**
     * Takes `quantity` serials of a card info for a mint, in the caller's transaction: from a
     * pending order's reservation, or from the free editions. Answers the last serial taken and the
     * card info's display fields, or null when the editions ran out. One conditional UPDATE: its
     * row lock keeps serials unique and gap-free under concurrent mints.
     */
    async takeCardSerials(tx: Tx, cardInfoId: string, quantity: number, fromReservation: boolean) {
      const row = changed(await repo.takeCardSerials(tx, cardInfoId, quantity, fromReservation), {
        kind: 'card',
        id: cardInfoId,
      });
      if (!row) return null;
      return {
        lastSerial: row.minted,
        name: row.name,
        image: row.image,
        rarity: row.rarity,
        editionSize: row.editionSize,
      };
    },

    /**
     * Takes `quantity` units of a product's stock (from a reservation or the free stock), in the
     * caller's transaction; the product's name, images and type, or null when out.
     */
    takeProductStock: async (tx: Tx, productId: string, quantity: number, fromReservation: boolean) =>
      changed(await repo.takeProductStock(tx, productId, quantity, fromReservation), {
        kind: 'product',
        id: productId,
      }),

    /**
     * The contended reservation of a pay order (a drop's one supply row), as the last statement of the
     * caller's transaction, sent at once and **not awaited there**: the caller's commit follows it on the
     * same connection without waiting for its answer (node-postgres pipelines them), so the row lock is
     * held for the database's own work only, never for a round trip to this process. Resolves false when
     * fewer than `quantity` are left: the database refused the statement (the supply CHECK), so the
     * whole transaction rolled back instead of committing. Never oversells: the CHECK is the judge.
     */
    claim(tx: Tx, item: { kind: SaleKind; id: string }, quantity: number): Promise<boolean> {
      // Marked inside the transaction, so the public cache is told again after its commit (013).
      deps.publicCache.invalidate(CATALOGUE_TAG);
      supplyMoved(item);
      return repo.claim(tx, item.kind, item.id, quantity).then(
        () => true,
        (err: unknown) => {
          if (violatesCheck(err, supplyCheck(item.kind))) return false;
          throw err;
        },
      );
    },

    /**
     * Puts sold units of a product back on sale, in the caller's transaction (goods an operator's refund took back
     * before they left the warehouse, decision 050); once it commits, a sold-out flag no longer refuses buyers.
     */
    async restock(tx: Tx, productId: string, quantity: number): Promise<boolean> {
      const item = { kind: 'product' as const, id: productId };
      const done = changed(await repo.restock(tx, productId, quantity), item);
      if (deps.afterCommit) deps.afterCommit(() => soldOut.clear(item), `restock:${productId}`);
      else soldOut.clear(item);
      return done;
    },

    /** Gives back a reservation (order expired or cancelled); false when less was reserved. */
    async release(tx: Tx, item: { kind: SaleKind; id: string }, quantity: number): Promise<boolean> {
      return changed(await repo.release(tx, item.kind, item.id, quantity), item);
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
