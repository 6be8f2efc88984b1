import { newId } from '../../adapters/ids';
import type { Executor, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Right } from '../../../shared/schemas/catalogue';
import { hkMonth } from '../../../shared/hk-time';
import { longestPriorityWindow, type PerkPreview } from '../../../shared/schemas/perks';
import type { Actor } from '../auth/auth.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { PerkEffect, PerkPeriod } from '../../../shared/schemas/perks';
import { createPerksReadModel, type PerksReadModel } from './perks.read-model';
import { createPerksRepository, type PerksRepository } from './perks.repository';

/** A mall order's item, as a perk judges it. */
export interface PerkItem {
  kind: 'card' | 'product';
  id: string;
  /** A product's type (1 實物, 0 其他); null for a card info. */
  productType: number | null;
  /** A card info's theme; null for a product. */
  themeId: string | null;
  unitPriceCents: number;
  quantity: number;
}

/** The perk an order got: what it saved and the right and card that granted it. */
export interface AppliedPerk {
  discountCents: number;
  title: string;
  cardName: string;
  cardId: string;
}

/** One way a held card could save on an order, before its use is recorded. */
interface Candidate {
  saving: number;
  title: string;
  cardId: string;
  cardInfoId: string;
  cardName: string;
  /** The use key without its slot number. */
  keyBase: string;
  uses: number;
  period: PerkPeriod;
}

type HeldCard = Awaited<ReturnType<PerksReadModel['heldCardsWithPerks']>>[number];

/** What `effect` saves on `item` (0 when it does not apply). */
export function savingOf(effect: PerkEffect, item: PerkItem): number {
  const list = item.unitPriceCents * item.quantity;
  if (effect.kind === 'discount') {
    if (item.kind !== 'product' || (effect.productType !== null && effect.productType !== item.productType)) return 0;
    if (effect.limit.minSpendCents && list < effect.limit.minSpendCents) return 0;
    return Math.round((list * effect.percentOff) / 100);
  }
  if (effect.kind === 'free_item') {
    if (item.kind !== 'product' || effect.productId !== item.id) return 0;
    if (effect.limit.minSpendCents && list < effect.limit.minSpendCents) return 0;
    return item.unitPriceCents;
  }
  return 0;
}

/** The key a right's uses are counted under, without the slot: card info, right, period and holder or card. */
export function useKeyBase(
  card: { cardId: string; cardInfoId: string },
  right: { id?: string },
  index: number,
  limit: { period: 'month' | 'lifetime'; per: 'holder' | 'card' },
  buyerId: string,
  now: Date,
): string {
  const period = limit.period === 'month' ? hkMonth(now) : 'all';
  const who = limit.per === 'card' ? `card:${card.cardId}` : `holder:${buyerId}`;
  return `${card.cardInfoId}/${right.id ?? index}/${period}/${who}`;
}

/** Every way the held cards could save on `item`, best first; one per use key (copies of a card share a holder limit). */
function candidates(held: HeldCard[], item: PerkItem, buyerId: string, now: Date): Candidate[] {
  const byKey = new Map<string, Candidate>();
  for (const card of held) {
    (card.rights as Right[]).forEach((right, index) => {
      const effect = right.effect;
      if (!effect || effect.kind === 'priority') return;
      const saving = Math.min(savingOf(effect, item), item.unitPriceCents * item.quantity);
      if (saving <= 0) return;
      const keyBase = useKeyBase(card, right, index, effect.limit, buyerId, now);
      if (byKey.has(keyBase)) return;
      byKey.set(keyBase, {
        saving,
        title: right.title,
        cardId: card.cardId,
        cardInfoId: card.cardInfoId,
        cardName: card.cardName,
        keyBase,
        uses: effect.limit.uses,
        period: effect.limit.period,
      });
    });
  }
  // Best saving first; ties by key so the choice does not depend on row order.
  return [...byKey.values()].sort((a, b) => b.saving - a.saving || a.keyBase.localeCompare(b.keyBase));
}

/**
 * Perks (decision 029): the rights of the cards a buyer holds, applied to their mall orders. The best eligible perk
 * is applied and its use recorded in the order's own transaction; a cancelled or expired order gives it back.
 */
export function createPerksService(
  deps: Pick<Deps, 'db' | 'clock'>,
  svc: { catalogue: Pick<CatalogueService, 'saleInfo' | 'priorityRights'> },
  read: PerksReadModel = createPerksReadModel(),
  repo: PerksRepository = createPerksRepository(),
) {
  return {
    /** `perk/preview`: the perk the actor's order of `quantity` of a mall item would get now (nothing is recorded). */
    async preview(actor: Actor, q: { type: 'card' | 'product'; id: string; quantity: number }): Promise<PerkPreview> {
      const s = await svc.catalogue.saleInfo(deps.db, { kind: q.type, id: q.id });
      const listAmount = (s.priceCents ?? 0) * q.quantity;
      if (s.priceCents === null) return { listAmount, perk: null, used: null, amount: listAmount };
      const item: PerkItem = {
        ...q,
        kind: q.type,
        productType: s.productType,
        themeId: s.themeId,
        unitPriceCents: s.priceCents,
      };
      const held = await read.heldCardsWithPerks(deps.db, actor.userId);
      const all = candidates(held, item, actor.userId, deps.clock.now());
      const slots = (c: Candidate) => Array.from({ length: c.uses }, (_, i) => `${c.keyBase}/${i + 1}`);
      const taken = await repo.takenKeys(deps.db, all.flatMap(slots));
      const best = all.find((c) => slots(c).some((k) => !taken.has(k)));
      if (!best) {
        // Every one is used up: the best of them is still named, as used (issue 44).
        const used = all[0];
        return {
          listAmount,
          perk: null,
          used: used ? { title: used.title, cardName: used.cardName, period: used.period } : null,
          amount: listAmount,
        };
      }
      return {
        listAmount,
        perk: { title: best.title, cardName: best.cardName, saving: best.saving },
        used: null,
        amount: listAmount - best.saving,
      };
    },

    /**
     * Applies the best perk the buyer's held cards give on `item` and records its use in `tx` (the order's creating
     * transaction, under the buyer's lock): null when none applies or every one is used up this period.
     */
    async apply(
      tx: Tx,
      input: { buyerId: string; orderNo: string; item: PerkItem; now: Date },
    ): Promise<AppliedPerk | null> {
      const held = await read.heldCardsWithPerks(tx, input.buyerId);
      for (const c of candidates(held, input.item, input.buyerId, input.now)) {
        for (let slot = 1; slot <= c.uses; slot++) {
          const recorded = await repo.insertUse(tx, {
            id: newId('perk'),
            useKey: `${c.keyBase}/${slot}`,
            orderNo: input.orderNo,
            buyerId: input.buyerId,
            cardId: c.cardId,
            cardInfoId: c.cardInfoId,
            savingCents: c.saving,
            createdAt: input.now,
          });
          if (recorded) return { discountCents: c.saving, title: c.title, cardName: c.cardName, cardId: c.cardId };
        }
      }
      return null;
    },

    /**
     * The rights of the user's held cards used up for their period, by `<card id>/<index of the right>`, with the
     * period: /my/rights says 「本月已使用」 instead of showing them as ready (issue 44).
     */
    async usedUp(userId: string, db: Executor = deps.db): Promise<Map<string, PerkPeriod>> {
      const now = deps.clock.now();
      const slots = new Map<string, { keys: string[]; period: PerkPeriod }>();
      for (const card of await read.heldCardsWithPerks(db, userId)) {
        (card.rights as Right[]).forEach((right, index) => {
          const effect = right.effect;
          if (!effect || effect.kind === 'priority') return;
          const base = useKeyBase(card, right, index, effect.limit, userId, now);
          const keys = Array.from({ length: effect.limit.uses }, (_, i) => `${base}/${i + 1}`);
          slots.set(`${card.cardId}/${index}`, { keys, period: effect.limit.period });
        });
      }
      const taken = await repo.takenKeys(
        db,
        [...slots.values()].flatMap((s) => s.keys),
      );
      const used = new Map<string, PerkPeriod>();
      for (const [key, s] of slots) if (s.keys.every((k) => taken.has(k))) used.set(key, s.period);
      return used;
    },

    /** Gives back the perk use of a cancelled or expired order, in the transaction that ends it. */
    giveBack: (tx: Tx, orderNo: string) => repo.deleteUsesOfOrder(tx, orderNo),

    /** The perk uses recorded for an order. */
    usesOfOrder: (orderNo: string, db: Executor = deps.db) => repo.usesOfOrder(db, orderNo),

    /**
     * The longest priority window (hours before the public sale) the user's held cards open for `item`; 0 for none.
     * A right without a theme opens every mall item early; one with a theme opens that theme's card infos.
     */
    async priorityHours(db: Executor, userId: string, item: Pick<PerkItem, 'themeId'>): Promise<number> {
      const held = await read.heldCardsWithPerks(db, userId);
      return longestPriorityWindow(
        held.flatMap((c) => c.rights),
        item.themeId,
      );
    },

    /** The longest priority window any card's right opens `item` by (0: none): before it, nobody may buy. */
    async longestPriorityHours(db: Executor, item: Pick<PerkItem, 'themeId'>): Promise<number> {
      return longestPriorityWindow(await svc.catalogue.priorityRights(db), item.themeId);
    },
  };
}
export type PerksService = ReturnType<typeof createPerksService>;
