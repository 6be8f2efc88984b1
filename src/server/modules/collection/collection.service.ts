import type { Rarity } from '../../../shared/constants';
import { formatSerial } from '../../../shared/serial';
import type { CardDetail, CollectionCard, HeldRight } from '../../../shared/schemas/collection';
import type { CardPublicResult, PublicCard } from '../../../shared/schemas/share';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import type { Actor, AuthService } from '../auth/auth.service';
import type { CardsService } from '../cards/cards.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { SalesService } from '../sales/sales.service';
import type { PricesService } from '../prices/prices.service';
import type { CodesService } from '../codes/codes.service';
import type { PerksService } from '../perks/perks.service';
import { createCollectionReadModel, type CollectionReadModel } from './collection.read-model';
import { createCollectionRepository, type CollectionRepository } from './collection.repository';
import { createCodeExchange } from './collection-exchange';
import { createSets } from './collection-sets';
import { paging } from '../../db/queries';

export { THEME_CODE_RARITY_WEIGHTS, pickWeighted } from './collection-exchange';
export type { ExchangeInput, ExchangeOutcome } from './collection-exchange';

/** What collection asks of other modules: the methods it calls, so service tests can fake just these. */
export interface CollectionServices {
  auth: Pick<AuthService, 'verifySmsCode' | 'ensureUser' | 'startSession'>;
  cards: Pick<CardsService, 'mint' | 'lowestHeld' | 'consume' | 'setPublic'>;
  catalogue: Pick<CatalogueService, 'mintableCardInfos' | 'cardInfosById' | 'theme' | 'setCardInfos'>;
  codes: Pick<CodesService, 'assertNotLocked' | 'assertRedeemable' | 'recordFailure' | 'claim'>;
  /** The card detail shows its card info's market price (decision 032). */
  prices: Pick<PricesService, 'marketPrice'>;
  /** A code's card and a set exchange's B card are sales of their own (decision 049); a B card costs what was given. */
  sales: Pick<SalesService, 'record' | 'costs'>;
  /** Which rights are used up this period (「本月已使用」 on /my/rights, issue 44). */
  perks: Pick<PerksService, 'usedUp'>;
}

export interface CollectionStores {
  repo: CollectionRepository;
  read: CollectionReadModel;
}

/** A card's provenance as a viewer sees it: prices only where the viewer paid or received them. */
function provenance(events: Awaited<ReturnType<CollectionReadModel['events']>>, viewer: string | null) {
  return events.map((e) => ({
    kind: e.kind,
    via: e.via,
    at: e.at.toISOString(),
    from: e.fromUserId ? { id: e.fromUserId, nickname: e.fromNickname ?? '', avatar: e.fromAvatar } : null,
    to: e.toUserId ? { id: e.toUserId, nickname: e.toNickname ?? '', avatar: e.toAvatar } : null,
    priceCents: viewer !== null && (e.fromUserId === viewer || e.toUserId === viewer) ? e.priceCents : null,
  }));
}

/** The user's cards (PRODUCT.md §4.3): exchange codes, sets and their B cards, the collection and a card's story. */
export function createCollectionService(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  services: CollectionServices,
  stores: CollectionStores = { repo: createCollectionRepository(), read: createCollectionReadModel() },
) {
  const { read } = stores;

  return {
    ...createCodeExchange(deps, services),
    ...createSets(deps, services, stores),

    /** `card/collection`: the user's cards (consumed ones left out), filtered and sorted. */
    async collection(
      actor: Actor,
      q: { themeId?: string; rarity?: Rarity; sort: 'newest' | 'rarity' | 'serial'; page: number; pageSize: number },
    ): Promise<CollectionCard[]> {
      const rows = await read.collection(deps.db, actor.userId, {
        ...q,
        ...paging(q),
      });
      return rows.map((r) => ({
        ...r,
        serialLabel: formatSerial(r.serial, r.editionSize),
        acquiredAt: r.acquiredAt.toISOString(),
      }));
    },

    /**
     * `card/detail`: any card's public part; prices in the provenance only where the viewer paid or
     * received them, so nobody learns what others paid.
     */
    async detail(actor: Actor | null, id: string): Promise<CardDetail> {
      const card = await read.card(deps.db, id);
      if (!card) throw notFound('找不到此卡牌');
      const [events, marketPrice] = await Promise.all([
        read.events(deps.db, id),
        services.prices.marketPrice('card', card.cardInfoId),
      ]);
      const viewer = actor?.userId ?? null;
      const { ownerId, isPublic, ...rest } = card;
      const mine = viewer !== null && viewer === ownerId;
      return {
        ...rest,
        serialLabel: formatSerial(card.serial, card.editionSize),
        acquiredAt: card.acquiredAt.toISOString(),
        mine,
        isPublic: mine && isPublic,
        marketPrice,
        provenance: provenance(events, viewer),
      };
    },

    /**
     * `card/public` (GET): a card its owner made public (issue 23), with no price in its provenance. A missing card
     * and a private one answer the same 404, so nobody learns that a private card exists.
     */
    async publicCard(id: string): Promise<PublicCard> {
      const card = await read.card(deps.db, id);
      if (!card || !card.isPublic || card.status === 'consumed') throw notFound('找不到此卡牌');
      const events = await read.events(deps.db, id);
      return {
        ...card,
        serialLabel: formatSerial(card.serial, card.editionSize),
        provenance: provenance(events, null),
      };
    },

    /** `card/public` (POST): the owner shows or hides their card; another user's card is a 404. */
    setPublic(actor: Actor, input: { id: string; public: boolean }): Promise<CardPublicResult> {
      return services.cards.setPublic(actor.userId, input);
    },

    /** The rights of the cards the user holds, each with the cards that grant it. */
    async rights(actor: Actor): Promise<HeldRight[]> {
      const [rows, usedUp] = await Promise.all([
        read.cardsWithRights(deps.db, actor.userId),
        services.perks.usedUp(actor.userId),
      ]);
      const byRight = new Map<string, HeldRight & { usedBy: number }>();
      for (const row of rows) {
        for (const [index, right] of row.rights.entries()) {
          const key = `${right.title}\u0000${right.description}`;
          const entry = byRight.get(key) ?? {
            title: right.title,
            description: right.description,
            cards: [],
            used: null,
            usedBy: 0,
          };
          // Used up when every card granting it is (copies under one holder limit are used up together).
          const period = usedUp.get(`${row.id}/${index}`);
          if (period) {
            entry.usedBy += 1;
            entry.used = period;
          }
          entry.cards.push({
            id: row.id,
            cardInfoId: row.cardInfoId,
            name: row.name,
            image: row.image,
            rarity: row.rarity,
            serialLabel: formatSerial(row.serial, row.editionSize),
          });
          byRight.set(key, entry);
        }
      }
      return [...byRight.values()].map(({ usedBy, ...r }) => ({
        ...r,
        used: usedBy === r.cards.length ? r.used : null,
      }));
    },
  };
}
export type CollectionService = ReturnType<typeof createCollectionService>;
