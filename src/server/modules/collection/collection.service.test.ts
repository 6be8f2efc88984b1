import { beforeEach, describe, expect, it } from 'vitest';
import { withCheckCharacter } from '../../../shared/exchange-code';
import { ManualClock } from '../../adapters/clock';
import { AppError, conflict, invalid } from '../../errors';
import { fakeDb, memoryLog } from '../../testing/fakes';
import type { Actor } from '../auth/auth.service';
import type { MintedCard } from '../cards/cards.service';
import { CODE_FAILURE_REASONS, CODE_FAILURES } from '../codes/codes.service';
import type { CollectionReadModel } from './collection.read-model';
import type { CollectionRepository } from './collection.repository';
import { createCollectionService, type CollectionServices } from './collection.service';

/**
 * The collection service with fake repositories, read model and neighbouring services (STYLE.md
 * §9, first tier): which failures count against the code limit, set exchange and set progress.
 * The same flows over HTTP and a real database are in collection.test.ts.
 */

const alice: Actor = { userId: 'u_alice', sessionId: 's_a', roles: ['user'] };
const code = (body: string) => withCheckCharacter(body.padEnd(16, '0'));
const GOOD = code('G00D');
const USED = code('5PENT');
const UNKNOWN = code('BAD');
const SOLD_OUT = code('S01D');

interface Held {
  id: string;
  cardInfoId: string;
  serial: number;
  status: 'held' | 'consumed';
}

function world() {
  const failures: string[][] = [];
  const held: Held[] = [];
  const exchanges: { userId: string; themeId: string; bCardId: string }[] = [];
  const serials = new Map<string, number>();
  const info = (id: string) => ({
    id,
    name: `卡 ${id}`,
    image: `/media/${id}.svg`,
    rarity: 'R' as const,
    isBCard: id.startsWith('b'),
    editionSize: 100,
    minted: serials.get(id) ?? 0,
    reserved: 0,
    priceCents: null,
  });
  const mint = async (cardInfoId: string, ownerId: string): Promise<MintedCard[]> => {
    if (cardInfoId === 'ci_gone') throw conflict('此卡牌已全部發行');
    const serial = (serials.get(cardInfoId) ?? 0) + 1;
    serials.set(cardInfoId, serial);
    const card = {
      id: `card_${cardInfoId}_${serial}`,
      cardInfoId,
      name: `卡 ${cardInfoId}`,
      image: '',
      rarity: 'R',
      serial,
      editionSize: 100,
    };
    held.push({ id: card.id, cardInfoId, serial, status: 'held' });
    void ownerId;
    return [card];
  };
  const services: CollectionServices = {
    sales: { record: async () => 'sale', costs: async () => new Map() },
    perks: { usedUp: async () => new Map() },
    prices: { marketPrice: async () => ({ price: null, sample: 0, thin: true }) },
    auth: {
      verifySmsCode: async () => {},
      ensureUser: async () => ({ id: 'u_new', created: true }),
      startSession: async (userId) => ({ token: `tok_${userId}` }) as never,
    },
    cards: {
      mint: (_tx, input) => mint(input.cardInfoId, input.ownerId),
      setPublic: async (_owner, input) => ({ id: input.id, isPublic: input.public }),
      async lowestHeld(_tx, _owner, ids) {
        const out = new Map<string, { id: string; serial: number }>();
        for (const c of [...held].sort((a, b) => a.serial - b.serial))
          if (c.status === 'held' && ids.includes(c.cardInfoId) && !out.has(c.cardInfoId))
            out.set(c.cardInfoId, { id: c.id, serial: c.serial });
        return out;
      },
      async consume(_tx, input) {
        for (const c of held) if (input.cardIds.includes(c.id)) c.status = 'consumed';
      },
    },
    catalogue: {
      mintableCardInfos: async () => [],
      cardInfosById: async (_db, ids) => ids.map(info),
      theme: async (_db, id) => (id === 't_1' ? { id, name: '龍之系列', bCardInfoId: 'b_1' } : null),
      setCardInfos: async () => [
        { id: 'ci_a', name: '卡 A' },
        { id: 'ci_b', name: '卡 B' },
      ],
    },
    codes: {
      assertNotLocked: async () => {},
      async assertRedeemable(c) {
        if (c === UNKNOWN) throw new AppError('not_found', CODE_FAILURES.unknown, CODE_FAILURE_REASONS.unknown);
        if (c === USED) throw new AppError('conflict', CODE_FAILURES.spent, CODE_FAILURE_REASONS.spent);
      },
      recordFailure: async (subjects) => void failures.push(subjects),
      claim: async (_tx, c) => ({ id: `xc_${c}`, cardInfoId: c === SOLD_OUT ? 'ci_gone' : 'ci_a', themeId: null }),
    },
  };
  const repo: CollectionRepository = {
    lockUserTheme: async () => {},
    findExchange: async (_db, userId, themeId) =>
      exchanges.some((e) => e.userId === userId && e.themeId === themeId) ? { id: 'x' } : null,
    insertExchange: async (_db, row) => void exchanges.push(row),
  };
  const progressRows: Awaited<ReturnType<CollectionReadModel['setProgress']>> = [];
  const read: CollectionReadModel = {
    startedThemes: async () => [{ id: 't_1', name: '龍之系列', description: '', cover: '', bCardInfoId: 'b_1' }],
    exchangedThemes: async () => [],
    setProgress: async () => progressRows,
    collection: async () => [],
    card: async () => null,
    events: async () => [],
    cardsWithRights: async () => [],
  };
  return { services, repo, read, failures, held, exchanges, progressRows };
}

describe('collection service (fakes)', () => {
  let w: ReturnType<typeof world>;
  let service: ReturnType<typeof createCollectionService>;

  beforeEach(() => {
    w = world();
    service = createCollectionService({ db: fakeDb(), clock: new ManualClock(), log: memoryLog() }, w.services, {
      repo: w.repo,
      read: w.read,
    });
  });

  describe('exchange codes', () => {
    it('mints the card and says which serial it is', async () => {
      const out = await service.exchange(alice, { code: GOOD, ip: '10.0.0.1' });
      expect(out.msg).toBe('兌換成功，獲得「卡 ci_a」#0001/100');
      expect(w.failures).toEqual([]);
    });

    it('counts an unknown code and a spent code against both the address and the user', async () => {
      await expect(service.exchange(alice, { code: UNKNOWN, ip: '10.0.0.1' })).rejects.toMatchObject({
        kind: 'not_found',
        message: CODE_FAILURES.unknown,
      });
      await expect(service.exchange(alice, { code: USED, ip: '10.0.0.1' })).rejects.toMatchObject({
        kind: 'conflict',
        message: CODE_FAILURES.spent,
      });
      expect(w.failures).toEqual([
        ['ip:10.0.0.1', 'user:u_alice'],
        ['ip:10.0.0.1', 'user:u_alice'],
      ]);
    });

    it('does not count a typo or a 409 that is not about the code (a sold-out card)', async () => {
      await expect(
        service.exchange(alice, { code: `${GOOD.slice(0, -1)}${GOOD.endsWith('1') ? '2' : '1'}`, ip: '10.0.0.1' }),
      ).rejects.toMatchObject({ kind: 'invalid' });
      await expect(service.exchange(alice, { code: SOLD_OUT, ip: '10.0.0.1' })).rejects.toMatchObject({
        kind: 'conflict',
      });
      expect(w.failures).toEqual([]);
    });

    it('asks a signed-out caller for the phone and SMS code, and signs them in', async () => {
      await expect(service.exchange(null, { code: GOOD, ip: '10.0.0.1' })).rejects.toEqual(
        invalid('未登入時請輸入手機號碼'),
      );
      const out = await service.exchange(null, {
        code: GOOD,
        ip: '10.0.0.1',
        phone: '+85251234567',
        smsCode: '123456',
      });
      expect(out.msg).toBe('');
      expect(out.data).toMatchObject({ token: 'tok_u_new', cards: [{ serialLabel: '#0001/100' }] });
    });
  });

  describe('set exchange', () => {
    /** Alice redeems a code for one card of `cardInfoId`. */
    const give = (cardInfoId: string) =>
      w.services.cards.mint({} as never, { cardInfoId, ownerId: alice.userId, quantity: 1, via: 'code', refId: 'r' });

    it('names the missing cards, then consumes the lowest-serial copies and mints the B card once', async () => {
      await give('ci_a');
      await expect(service.exchangeBCard(alice, 't_1')).rejects.toMatchObject({
        kind: 'conflict',
        message: '尚未集齊此卡冊（寄售中的卡牌不計），仍欠：「卡 B」',
      });
      await give('ci_a');
      await give('ci_b');

      const result = await service.exchangeBCard(alice, 't_1');
      expect(result.bCard).toMatchObject({ cardInfoId: 'b_1', serialLabel: '#0001/100' });
      expect(result.consumed.map((c) => [c.id, c.serialLabel])).toEqual([
        ['card_ci_a_1', '#0001/100'],
        ['card_ci_b_1', '#0001/100'],
      ]);
      expect(w.held.filter((c) => c.status === 'held').map((c) => c.id)).toEqual(['card_ci_a_2', 'card_b_1_1']);
      expect(w.exchanges).toEqual([
        {
          id: expect.any(String),
          userId: alice.userId,
          themeId: 't_1',
          bCardId: 'card_b_1_1',
          createdAt: expect.any(Date),
        },
      ]);
      await expect(service.exchangeBCard(alice, 't_1')).rejects.toMatchObject({ message: '你已兌換過此卡冊的 B 卡' });
      await expect(service.exchangeBCard(alice, 't_nope')).rejects.toMatchObject({ kind: 'not_found' });
    });
  });

  describe('set progress', () => {
    it('offers the lowest held copy for exchange only when every card of the set has one', async () => {
      const row = { themeId: 't_1', name: '卡', image: '', rarity: 'R' as const, editionSize: 100, left: 90 };
      w.progressRows.push(
        { ...row, cardInfoId: 'ci_a', owned: 2, lowestHeldId: 'card_a_7', lowestHeldSerial: 7 },
        { ...row, cardInfoId: 'ci_b', owned: 1, lowestHeldId: null, lowestHeldSerial: null },
      );
      const [theme] = await service.themes(alice, { status: 0, page: 1, pageSize: 10 });
      expect(theme!.cards.map((c) => c.consumable)).toEqual([{ cardId: 'card_a_7', serialLabel: '#0007/100' }, null]);
      expect(theme).toMatchObject({ owned: 2, total: 2, canExchange: false });

      w.progressRows[1] = { ...row, cardInfoId: 'ci_b', owned: 1, lowestHeldId: 'card_b_3', lowestHeldSerial: 3 };
      const [ready] = await service.themes(alice, { status: 0, page: 1, pageSize: 10 });
      expect(ready).toMatchObject({ canExchange: true, bCard: { cardInfoId: 'b_1', left: 100 } });
    });
  });
});
