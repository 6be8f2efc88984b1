import type { Executor, Tx } from '../../db/client';
import type { ItemVia } from './cards.repository';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { newId } from '../../adapters/ids';
import { newItems, saleEvent, type MarketSale } from '../../acquisition';
import type { ItemDepartures } from '../../item-departures';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { createCardsRepository, type CardStatus, type CardsRepository } from './cards.repository';

export type { CardStatus };

export interface MintInput {
  cardInfoId: string;
  ownerId: string;
  quantity: number;
  via: Extract<ItemVia, 'drop' | 'code' | 'set_exchange' | 'pack'>;
  /** The pay order, exchange code or theme exchange behind the mint. */
  refId: string;
  /** Unit price paid, recorded in the provenance (drops only). */
  priceCents?: number | null;
  /** Convert a pending order's reservation instead of taking free editions. */
  fromReservation?: boolean;
}

export interface MintedCard {
  id: string;
  cardInfoId: string;
  name: string;
  image: string;
  rarity: string;
  serial: number;
  editionSize: number;
}

export function createCardsService(
  deps: Pick<Deps, 'db' | 'clock'>,
  services: {
    catalogue: Pick<CatalogueService, 'takeCardSerials' | 'cardInfosById'>;
    /** Told of each card that leaves its owner (sold, consumed), in the same transaction (decision 040). */
    departures: Pick<ItemDepartures, 'left'>;
  },
  repo: CardsRepository = createCardsRepository(),
) {
  /** Cards just consumed: their provenance step (a set exchange, a refund) and their departure, in `tx`. */
  async function consumed(
    tx: Tx,
    input: { ownerId: string; cardIds: string[]; via: Extract<ItemVia, 'set_exchange' | 'refund'>; refId: string },
  ) {
    const now = deps.clock.now();
    await repo.insertEvents(
      tx,
      input.cardIds.map((cardId) => ({
        id: newId('cev'),
        cardId,
        kind: 'consumed' as const,
        via: input.via,
        fromUserId: input.ownerId,
        refId: input.refId,
        createdAt: now,
      })),
    );
    await services.departures.left(
      tx,
      input.cardIds.map((itemId) => ({ kind: 'card' as const, itemId, how: 'consumed' as const })),
    );
  }

  return {
    /**
     * Mints cards with the next serials of their card info, owned by `ownerId`, recording the
     * provenance. Runs inside the caller's transaction; the only way cards come into existence.
     */
    async mint(tx: Tx, input: MintInput): Promise<MintedCard[]> {
      const taken = await services.catalogue.takeCardSerials(
        tx,
        input.cardInfoId,
        input.quantity,
        input.fromReservation ?? false,
      );
      if (!taken) throw conflict('此卡牌已全部發行');
      const first = taken.lastSerial - input.quantity + 1;
      const items = newItems(input.quantity, { item: 'card', event: 'cev' }, { ...input, at: deps.clock.now() });
      await repo.insertCards(
        tx,
        items.map((it) => ({ ...it.row, cardInfoId: input.cardInfoId, serial: first + it.index })),
      );
      await repo.insertEvents(
        tx,
        items.map((it) => ({ ...it.event, cardId: it.id, kind: 'minted' as const })),
      );
      return items.map((it) => ({
        id: it.id,
        cardInfoId: input.cardInfoId,
        name: taken.name,
        image: taken.image,
        rarity: taken.rarity,
        serial: first + it.index,
        editionSize: taken.editionSize,
      }));
    },

    /** The card infos (name, image) of which the owner holds a copy: what they may use as an avatar. */
    async ownedCardFaces(ownerId: string): Promise<{ cardInfoId: string; name: string; image: string }[]> {
      const ids = await repo.ownedCardInfoIds(deps.db, ownerId);
      const infos = await services.catalogue.cardInfosById(deps.db, ids);
      return infos
        .map((i) => ({ cardInfoId: i.id, name: i.name, image: i.image }))
        .sort((a, b) => a.name.localeCompare(b.name, 'zh-HK'));
    },

    /** The lowest-serial held (not listed, not reserved) card of each card info the owner has one of. */
    async lowestHeld(
      tx: Executor,
      ownerId: string,
      cardInfoIds: string[],
    ): Promise<Map<string, { id: string; serial: number }>> {
      const rows = await repo.heldCards(tx, ownerId, cardInfoIds);
      const out = new Map<string, { id: string; serial: number }>();
      for (const row of rows) if (!out.has(row.cardInfoId)) out.set(row.cardInfoId, { id: row.id, serial: row.serial });
      return out;
    },

    /** Moves a card between statuses (listing, reserving); false when it was not in `from` (or not the owner's). */
    setStatus(tx: Tx, input: { id: string; from: CardStatus; to: CardStatus; ownerId?: string }): Promise<boolean> {
      return repo.setStatus(tx, input.id, input.from, input.to, input.ownerId);
    },

    /**
     * Shows or hides the owner's card at its public page (issue 23). Another user's card, a consumed one and a
     * missing one answer the same 404. A change of owner hides it again (the new owner has not chosen).
     */
    async setPublic(
      ownerId: string,
      input: { id: string; public: boolean },
    ): Promise<{ id: string; isPublic: boolean }> {
      if (!(await repo.setPublic(deps.db, input.id, ownerId, input.public))) throw notFound('找不到此卡牌');
      return { id: input.id, isPublic: input.public };
    },

    /** A market sale: the card moves to the buyer, held, with the provenance and price; false when it was not in `fromStatus`. */
    async transfer(tx: Tx, input: MarketSale<CardStatus>): Promise<boolean> {
      const now = deps.clock.now();
      if (!(await repo.transfer(tx, { ...input, via: 'market', at: now }))) return false;
      await repo.insertEvents(tx, [{ ...saleEvent('cev', input, now), cardId: input.id }]);
      await services.departures.left(tx, [{ kind: 'card', itemId: input.id, how: 'transferred' }]);
      return true;
    },

    /** Owner, status and how it reached them, of each of these cards (the back office's refunds, decision 050). */
    statesOf: (db: Executor, ids: string[]) => repo.statesOf(db, ids),

    /**
     * An operator's refund takes cards back to the platform (decision 050): each must still be held by `ownerId`
     * and never have changed hands since the mall or a pack gave it (a transfer makes it `market`). Consumed, with a
     * `refund` step in its provenance; its serial is never issued again. All or nothing: a 409 names the first card
     * that cannot go back.
     */
    async reclaim(tx: Tx, input: { ownerId: string; cardIds: string[]; refId: string }): Promise<void> {
      const changed = await repo.markConsumed(tx, input.ownerId, input.cardIds, ['drop', 'pack']);
      if (changed.length !== new Set(input.cardIds).size)
        throw conflict('部分卡牌已轉讓、正在出售或已使用，不能退回；請重新整理後只選仍由買家持有的卡牌');
      await consumed(tx, { ...input, cardIds: changed, via: 'refund' });
    },

    /**
     * Consumes held cards of `ownerId` (a set exchange), recording provenance, inside the caller's
     * transaction. All or nothing: a card no longer held (listed, reserved, sold) is a 409.
     */
    async consume(
      tx: Tx,
      input: { ownerId: string; cardIds: string[]; via: Extract<ItemVia, 'set_exchange'>; refId: string },
    ): Promise<void> {
      const changed = await repo.markConsumed(tx, input.ownerId, input.cardIds);
      if (changed.length !== new Set(input.cardIds).size)
        throw conflict('部分卡牌已不在你的收藏中或正在出售，請重新整理後再試');
      await consumed(tx, { ...input, cardIds: changed });
    },
  };
}
export type CardsService = ReturnType<typeof createCardsService>;
