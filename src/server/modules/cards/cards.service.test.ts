import { beforeEach, describe, expect, it } from 'vitest';
import { createItemDepartures } from '../../item-departures';
import { ManualClock } from '../../adapters/clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { fakeDb } from '../../testing/fakes';
import type { CardsRepository, CardStatus } from './cards.repository';
import { createCardsService } from './cards.service';

/**
 * The cards service with an in-memory repository and catalogue (STYLE.md §9, first tier): minting numbers cards
 * from the catalogue's serials, the market moves them only by their status and owner, a set exchange consumes all
 * or nothing. The SQL is covered by the collection and market API tests.
 */

type Card = {
  id: string;
  cardInfoId: string;
  ownerId: string;
  status: CardStatus;
  serial: number;
  acquiredVia: string;
};

function fakeCards() {
  const rows: Card[] = [];
  const events: { cardId: string; kind: string; priceCents?: number | null; toUserId?: string | null }[] = [];
  const find = (id: string) => rows.find((c) => c.id === id);
  const repo = {
    async insertCards(_db, cards) {
      for (const c of cards) rows.push({ ...c, status: c.status ?? 'held' } as Card);
    },
    async insertEvents(_db, evs) {
      events.push(...evs);
    },
    async heldCards(_db, ownerId, cardInfoIds) {
      return rows
        .filter((c) => c.ownerId === ownerId && c.status === 'held' && cardInfoIds.includes(c.cardInfoId))
        .sort((a, b) => a.serial - b.serial);
    },
    async setStatus(_db, id, from, to, ownerId) {
      const c = find(id);
      if (!c || c.status !== from || (ownerId && c.ownerId !== ownerId)) return false;
      c.status = to;
      return true;
    },
    async transfer(_db, input) {
      const c = find(input.id);
      if (!c || c.ownerId !== input.fromUserId || c.status !== input.fromStatus) return false;
      Object.assign(c, { ownerId: input.toUserId, status: 'held', acquiredVia: input.via });
      return true;
    },
    async ownedCardInfoIds(_db, ownerId) {
      return [
        ...new Set(rows.filter((c) => c.ownerId === ownerId && c.status !== 'consumed').map((c) => c.cardInfoId)),
      ];
    },
    async markConsumed(_db, ownerId, ids) {
      const changed = rows.filter((c) => ids.includes(c.id) && c.ownerId === ownerId && c.status === 'held');
      for (const c of changed) c.status = 'consumed';
      return changed.map((c) => c.id);
    },
  } satisfies Partial<CardsRepository> as unknown as CardsRepository;
  return { repo, rows, events };
}

describe('cards service (fakes)', () => {
  const tx = { fake: 'tx' } as unknown as Tx;
  let store: ReturnType<typeof fakeCards>;
  let cards: ReturnType<typeof createCardsService>;
  let issued = 0;

  beforeEach(() => {
    store = fakeCards();
    issued = 0;
    const catalogue = {
      async takeCardSerials(_tx: unknown, _id: string, n: number) {
        if (issued + n > 3) return null;
        issued += n;
        return { lastSerial: issued, name: '火焰龍', image: '/x.svg', rarity: 'SSR', editionSize: 3 };
      },
      async cardInfosById() {
        return [];
      },
    };
    cards = createCardsService(
      { db: fakeDb(), clock: new ManualClock(new Date('2026-11-26T01:00:00Z')) },
      { catalogue, departures: createItemDepartures() } as unknown as Parameters<typeof createCardsService>[1],
      store.repo,
    );
  });

  it('mints the next serials of a card info and refuses past its edition', async () => {
    const minted = await cards.mint(tx, { cardInfoId: 'ci', ownerId: 'u1', quantity: 2, via: 'drop', refId: 'TR1' });
    expect(minted.map((c) => c.serial)).toEqual([1, 2]);
    expect(store.rows.map((c) => [c.ownerId, c.serial])).toEqual([
      ['u1', 1],
      ['u1', 2],
    ]);
    await expect(
      cards.mint(tx, { cardInfoId: 'ci', ownerId: 'u1', quantity: 2, via: 'drop', refId: 'TR2' }),
    ).rejects.toThrow('此卡牌已全部發行');
  });

  it('lists, reserves and hands a card over only from the status it is in, with the price in its provenance', async () => {
    const [card] = await cards.mint(tx, { cardInfoId: 'ci', ownerId: 'u1', quantity: 1, via: 'drop', refId: 'TR1' });
    const id = card!.id;
    expect(await cards.setStatus(tx, { id, from: 'held', to: 'listed', ownerId: 'u2' })).toBe(false);
    expect(await cards.setStatus(tx, { id, from: 'held', to: 'listed', ownerId: 'u1' })).toBe(true);
    const sale = { id, fromUserId: 'u1', toUserId: 'u2', priceCents: 1_000, refId: 'TR9' };
    expect(await cards.transfer(tx, { ...sale, fromStatus: 'reserved' })).toBe(false);
    expect(await cards.transfer(tx, { ...sale, fromStatus: 'listed' })).toBe(true);
    expect(store.rows[0]).toMatchObject({ ownerId: 'u2', status: 'held', acquiredVia: 'market' });
    expect(store.events.at(-1)).toMatchObject({ cardId: id, kind: 'transferred', priceCents: 1_000, toUserId: 'u2' });
  });

  it('consumes held cards, refusing when one of them is no longer held (the caller rolls its transaction back)', async () => {
    const minted = await cards.mint(tx, { cardInfoId: 'ci', ownerId: 'u1', quantity: 3, via: 'drop', refId: 'TR1' });
    const ids = minted.map((c) => c.id);
    await cards.setStatus(tx, { id: ids[1]!, from: 'held', to: 'listed' });
    await expect(
      cards.consume(tx, { ownerId: 'u1', cardIds: ids.slice(0, 2), via: 'set_exchange', refId: 'x' }),
    ).rejects.toThrow(AppError);
    await cards.consume(tx, { ownerId: 'u1', cardIds: [ids[2]!], via: 'set_exchange', refId: 'y' });
    expect(store.rows[2]!.status).toBe('consumed');
    expect(store.events.filter((e) => e.kind === 'consumed')).toHaveLength(1);
  });
});
