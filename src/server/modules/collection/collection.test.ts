import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckCharacter } from '../../../shared/exchange-code';
import type {
  CardDetail,
  CollectionCard,
  ExchangeBCardResult,
  ExchangeResult,
  HeldRight,
  ThemeProgress,
} from '../../../shared/schemas/collection';
import { cardEvents, cards, exchangeCodes, themeExchanges, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { pickWeighted } from './collection.service';
import { addTheme, give, signIn } from './collection-fixtures';

const HOUR = 3600_000;
/** A well-formed code (right check character) that no batch issued. */
const UNKNOWN_CODE = withCheckCharacter('ZZZZZZZZZZZZZZZZ');

describe('collection API', () => {
  let t: TestApp;
  let ipSeq = 0;
  /** A fresh client address, so the per-IP limit of one test does not leak into another. */
  const ip = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const batch = async (target: { cardInfoId?: string; themeId?: string }, count = 1) =>
    (await t.app.services.codes.createBatch({ ...target, count })).codes;
  /** One code and a way to read the status of that very code (codes are stored only as hashes). */
  const oneCode = async (target: { cardInfoId?: string; themeId?: string }) => {
    const { batch: b, codes } = await t.app.services.codes.createBatch({ ...target, count: 1 });
    const status = async () =>
      (
        await t.db.select({ status: exchangeCodes.status }).from(exchangeCodes).where(eq(exchangeCodes.batchId, b.id))
      )[0]!.status;
    return { code: codes[0]!, status };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await addTheme(
      t,
      'thm_a',
      [
        {
          id: 'ci_a1',
          name: '火龍',
          rarity: 'N',
          editionSize: 1000,
          rights: [{ title: '商城九折', description: '購買商城卡牌享九折' }],
        },
        {
          id: 'ci_a2',
          name: '水靈',
          rarity: 'SR',
          editionSize: 50,
          rights: [
            { title: '商城九折', description: '購買商城卡牌享九折' },
            { title: '優先購買', description: '新品提早一小時購買' },
          ],
        },
        { id: 'ci_a3', name: '雷鳥', rarity: 'UR', editionSize: 5 },
      ],
      { id: 'ci_ab', editionSize: 1, rights: [{ title: '年度聚會', description: '獲邀參加年度聚會' }] },
    );
    await addTheme(t, 'thm_small', [
      { id: 'ci_s1', rarity: 'N', editionSize: 1 },
      { id: 'ci_s2', rarity: 'R', editionSize: 1 },
      { id: 'ci_s3', rarity: 'UR', editionSize: 1 },
    ]);
  });
  afterAll(() => t.close());

  describe('card/exchange signed in', () => {
    it('mints the next serial of the card info and answers the cards with a 兌換成功 message', async () => {
      const u = await signIn(t);
      const [code] = await batch({ cardInfoId: 'ci_a1' });
      const res = await t.call<ExchangeResult>('POST', 'card/exchange', { body: { code }, token: u.token, ip: ip() });
      expect(res.status).toBe(200);
      expect(res.msg).toMatch(/^兌換成功/);
      expect(res.data.token).toBeUndefined();
      expect(res.data.cards).toHaveLength(1);
      expect(res.data.cards[0]).toMatchObject({
        cardInfoId: 'ci_a1',
        name: '火龍',
        serial: 1,
        serialLabel: '#0001/1000',
      });
      const [row] = await t.db.select().from(cards).where(eq(cards.id, res.data.cards[0]!.id));
      expect(row).toMatchObject({ ownerId: u.userId, acquiredVia: 'code', status: 'held' });
      const [stored] = await t.db.select().from(exchangeCodes).where(eq(exchangeCodes.usedBy, u.userId));
      expect(stored).toMatchObject({ status: 'used', cardInfoId: 'ci_a1' });
      // Only a keyed hash is stored, never the code.
      expect(stored!.codeHash).not.toContain(code!);
      expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('accepts the code however it was typed (lower case, hyphens, spaces, O and I look-alikes)', async () => {
      const u = await signIn(t);
      const [code] = await batch({ cardInfoId: 'ci_a1' });
      const typed = code!
        .toLowerCase()
        .replace(/0/g, 'o')
        .replace(/1/g, 'i')
        .match(/.{1,4}/g)!
        .join(' - ');
      const res = await t.call<ExchangeResult>('POST', 'card/exchange', {
        body: { code: typed },
        token: u.token,
        ip: ip(),
      });
      expect(res.code).toBe(200);
    });

    it('answers 400 "兌換碼有誤" for a wrong check character, before any lookup', async () => {
      const u = await signIn(t);
      const [code] = await batch({ cardInfoId: 'ci_a1' });
      const wrong = code!.slice(0, 16) + (code![16] === '0' ? '1' : '0');
      const res = await t.call('POST', 'card/exchange', { body: { code: wrong }, token: u.token, ip: ip() });
      expect(res).toMatchObject({ status: 400, code: 400, msg: '兌換碼有誤，請檢查後再輸入', data: null });
      const empty = await t.call('POST', 'card/exchange', { body: { code: '' }, token: u.token, ip: ip() });
      expect(empty).toMatchObject({ status: 400, msg: '請輸入兌換碼' });
      const short = await t.call('POST', 'card/exchange', { body: { code: 'ABCD' }, token: u.token, ip: ip() });
      expect(short.status).toBe(400);
      expect(short.msg).toContain('完整');
      const extra = await t.call('POST', 'card/exchange', { body: { code, extra: 1 }, token: u.token, ip: ip() });
      expect(extra.status).toBe(400);
    });

    it('answers 404 for an unknown code and 409 for a used or voided one, without saying who or which', async () => {
      const u = await signIn(t);
      const other = await signIn(t);
      const unknown = await t.call('POST', 'card/exchange', { body: { code: UNKNOWN_CODE }, token: u.token, ip: ip() });
      expect(unknown).toMatchObject({ status: 404, msg: '兌換碼無效，請檢查後再輸入' });

      const [code] = await batch({ cardInfoId: 'ci_a1' });
      expect((await t.call('POST', 'card/exchange', { body: { code }, token: other.token, ip: ip() })).code).toBe(200);
      const used = await t.call('POST', 'card/exchange', { body: { code }, token: u.token, ip: ip() });
      expect(used).toMatchObject({ status: 409, msg: '此兌換碼已被使用或已失效' });

      const created = await t.app.services.codes.createBatch({ cardInfoId: 'ci_a1', count: 2 });
      expect(await t.app.services.codes.voidBatch(created.batch.id)).toEqual({
        batchId: created.batch.id,
        voidedCodes: 2,
      });
      const voided = await t.call('POST', 'card/exchange', {
        body: { code: created.codes[0] },
        token: u.token,
        ip: ip(),
      });
      expect(voided).toMatchObject({ status: 409, msg: '此兌換碼已被使用或已失效' });
    });

    it('limits wrong codes to 10 an hour per user, then 429 even for a good code; the hour passes', async () => {
      const u = await signIn(t);
      for (let i = 0; i < 10; i++) {
        const res = await t.call('POST', 'card/exchange', { body: { code: UNKNOWN_CODE }, token: u.token, ip: ip() });
        expect(res.status).toBe(404);
      }
      const [code] = await batch({ cardInfoId: 'ci_a1' });
      const locked = await t.call('POST', 'card/exchange', { body: { code }, token: u.token, ip: ip() });
      expect(locked).toMatchObject({ status: 429, code: 429, msg: '兌換碼錯誤次數過多，請一小時後再試' });
      t.clock.advance(HOUR + 1000);
      expect((await t.call('POST', 'card/exchange', { body: { code }, token: u.token, ip: ip() })).code).toBe(200);
    });

    it('limits wrong codes to 10 an hour per IP address, across users', async () => {
      const shared = ip();
      for (let i = 0; i < 10; i++) {
        const u = await signIn(t);
        expect(
          (await t.call('POST', 'card/exchange', { body: { code: UNKNOWN_CODE }, token: u.token, ip: shared })).status,
        ).toBe(404);
      }
      const fresh = await signIn(t);
      const [code] = await batch({ cardInfoId: 'ci_a1' });
      expect((await t.call('POST', 'card/exchange', { body: { code }, token: fresh.token, ip: shared })).status).toBe(
        429,
      );
      // The same user from another address is not locked.
      expect((await t.call('POST', 'card/exchange', { body: { code }, token: fresh.token, ip: ip() })).status).toBe(
        200,
      );
    });

    it('does not count typos (check character) as failures', async () => {
      const u = await signIn(t);
      const [code] = await batch({ cardInfoId: 'ci_a1' });
      const wrong = code!.slice(0, 16) + (code![16] === '0' ? '1' : '0');
      for (let i = 0; i < 12; i++)
        expect(
          (await t.call('POST', 'card/exchange', { body: { code: wrong }, token: u.token, ip: '10.9.9.9' })).status,
        ).toBe(400);
      expect((await t.call('POST', 'card/exchange', { body: { code }, token: u.token, ip: '10.9.9.9' })).status).toBe(
        200,
      );
    });

    it('mints a random card of a theme among those with editions left, and keeps the code when all are gone', async () => {
      const u = await signIn(t);
      const codes = await batch({ themeId: 'thm_small' }, 3);
      const last = await oneCode({ themeId: 'thm_small' });
      const got: string[] = [];
      for (const code of codes) {
        const res = await t.call<ExchangeResult>('POST', 'card/exchange', { body: { code }, token: u.token, ip: ip() });
        expect(res.code).toBe(200);
        got.push(res.data.cards[0]!.cardInfoId);
      }
      // Three editions of one each: every card info exactly once, none past its edition.
      expect(got.sort()).toEqual(['ci_s1', 'ci_s2', 'ci_s3']);
      const soldOut = await t.call('POST', 'card/exchange', { body: { code: last.code }, token: u.token, ip: ip() });
      expect(soldOut.status).toBe(409);
      expect(soldOut.msg).toContain('全部發行');
      expect(await last.status()).toBe('unused');
    });

    it('a card info code answers 409 when its edition is sold out, and the code stays unused', async () => {
      const u = await signIn(t);
      await addTheme(t, 'thm_one', [{ id: 'ci_one', editionSize: 1 }]);
      const [c1] = await batch({ cardInfoId: 'ci_one' });
      const c2 = await oneCode({ cardInfoId: 'ci_one' });
      expect((await t.call('POST', 'card/exchange', { body: { code: c1 }, token: u.token, ip: ip() })).code).toBe(200);
      const res = await t.call('POST', 'card/exchange', { body: { code: c2.code }, token: u.token, ip: ip() });
      expect(res).toMatchObject({ status: 409, msg: '此卡牌已全部發行' });
      expect(
        (await t.call('POST', 'card/exchange', { body: { code: c2.code }, token: u.token, ip: ip() })).status,
      ).toBe(409);
      expect(await c2.status()).toBe('unused');
    });
  });

  describe('card/exchange signed out', () => {
    const phone = '+85291234567';

    it('answers 403 (log out) to a stale token rather than treating the call as signed out', async () => {
      const [code] = await batch({ cardInfoId: 'ci_a1' });
      const res = await t.call('POST', 'card/exchange', {
        body: { code, phone, smsCode: '123456' },
        token: 'stale-token-of-a-revoked-session',
        ip: ip(),
      });
      expect(res).toMatchObject({ status: 403, msg: '登入已失效，請重新登入' });
    });

    it('needs the phone and the SMS code', async () => {
      const [code] = await batch({ cardInfoId: 'ci_a1' });
      expect(await t.call('POST', 'card/exchange', { body: { code }, ip: ip() })).toMatchObject({
        status: 400,
        msg: '未登入時請輸入手機號碼',
      });
      expect(await t.call('POST', 'card/exchange', { body: { code, phone }, ip: ip() })).toMatchObject({
        status: 400,
        msg: '請輸入驗證碼',
      });
      expect(
        (await t.call('POST', 'card/exchange', { body: { code, phone: '123', smsCode: '123456' }, ip: ip() })).status,
      ).toBe(400);
    });

    it('refuses a wrong SMS code and leaves the exchange code unused', async () => {
      const { code, status } = await oneCode({ cardInfoId: 'ci_a1' });
      expect((await t.call('POST', 'sms/send', { body: { phone, purpose: 'exchange' }, ip: ip() })).code).toBe(200);
      const real = t.sms.lastCode(phone);
      const wrong = real === '000000' ? '111111' : '000000';
      const res = await t.call('POST', 'card/exchange', { body: { code, phone, smsCode: wrong }, ip: ip() });
      expect(res.status).toBe(400);
      expect(await status()).toBe('unused');
      // The same code still works once the right SMS code is given.
      const ok = await t.call('POST', 'card/exchange', { body: { code, phone, smsCode: real }, ip: ip() });
      expect(ok.status).toBe(200);
      expect(await status()).toBe('used');
    });

    it('creates the account, mints the card and answers session data with an empty msg', async () => {
      const newPhone = '+85298765432';
      const [code] = await batch({ cardInfoId: 'ci_a2' });
      expect((await t.db.select().from(users).where(eq(users.phone, newPhone))).length).toBe(0);
      await t.call('POST', 'sms/send', { body: { phone: newPhone, purpose: 'exchange' }, ip: ip() });
      const res = await t.call<ExchangeResult>('POST', 'card/exchange', {
        body: { code, phone: '98765432', smsCode: t.sms.lastCode(newPhone) },
        ip: ip(),
      });
      expect(res.status).toBe(200);
      expect(res.msg).toBe('');
      expect(res.data.token).toEqual(expect.any(String));
      expect(res.data.user).toMatchObject({ phone: newPhone });
      expect(res.data.authority).toEqual(['user']);
      expect(res.data.cards[0]).toMatchObject({ cardInfoId: 'ci_a2', serialLabel: '#0001/50' });
      // The stored session works: the card is in the new user's collection.
      const list = await t.call<CollectionCard[]>('GET', 'card/collection', { token: res.data.token });
      expect(list.data.map((c) => c.id)).toEqual([res.data.cards[0]!.id]);
    });

    it('signs an existing user in with their account', async () => {
      const existing = await signIn(t, '+85261234567');
      const [code] = await batch({ cardInfoId: 'ci_a1' });
      await t.call('POST', 'sms/send', { body: { phone: existing.phone, purpose: 'exchange' }, ip: ip() });
      const res = await t.call<ExchangeResult>('POST', 'card/exchange', {
        body: { code, phone: existing.phone, smsCode: t.sms.lastCode(existing.phone) },
        ip: ip(),
      });
      expect(res.msg).toBe('');
      expect(res.data.user!.id).toBe(existing.userId);
    });

    it('counts wrong codes against the IP before the SMS code is used', async () => {
      const shared = ip();
      for (let i = 0; i < 10; i++) {
        expect(
          (
            await t.call('POST', 'card/exchange', {
              body: { code: UNKNOWN_CODE, phone, smsCode: '123456' },
              ip: shared,
            })
          ).status,
        ).toBe(404);
      }
      const [code] = await batch({ cardInfoId: 'ci_a1' });
      expect(
        (await t.call('POST', 'card/exchange', { body: { code, phone, smsCode: '123456' }, ip: shared })).status,
      ).toBe(429);
    });
  });

  describe('themes and the B card', () => {
    it('needs a session', async () => {
      expect((await t.call('GET', 'card/theme')).status).toBe(403);
      expect((await t.call('POST', 'card/exchangeBCard', { body: { themeId: 'thm_a' } })).status).toBe(403);
      expect((await t.call('GET', 'card/collection')).status).toBe(403);
      expect((await t.call('GET', 'card/rights')).status).toBe(403);
    });

    it('shows progress, refuses an incomplete set (listed cards do not count), then exchanges once', async () => {
      const u = await signIn(t);
      const [a1, a1b] = await give(t, u.userId, 'ci_a1', 2);
      const [a2] = await give(t, u.userId, 'ci_a2');

      let themes = (await t.call<ThemeProgress[]>('GET', 'card/theme', { query: { status: '0' }, token: u.token }))
        .data;
      expect(themes.map((x) => x.id)).toEqual(['thm_a']);
      expect(themes[0]).toMatchObject({
        owned: 2,
        total: 3,
        canExchange: false,
        exchange: null,
        bCard: { cardInfoId: 'ci_ab', left: 1 },
      });
      expect(themes[0]!.cards.map((c) => [c.cardInfoId, c.owned, c.consumable?.cardId ?? null])).toEqual([
        ['ci_a1', 2, a1!.id],
        ['ci_a2', 1, a2!.id],
        ['ci_a3', 0, null],
      ]);
      // Editions left tell a missing card that can still be minted from one only other collectors have.
      expect(themes[0]!.cards.find((c) => c.cardInfoId === 'ci_a3')!.left).toBe(5);

      const missing = await t.call('POST', 'card/exchangeBCard', { body: { themeId: 'thm_a' }, token: u.token });
      expect(missing.status).toBe(409);
      expect(missing.msg).toContain('「雷鳥」');

      const [a3] = await give(t, u.userId, 'ci_a3');
      await t.db.update(cards).set({ status: 'listed' }).where(eq(cards.id, a2!.id));
      themes = (await t.call<ThemeProgress[]>('GET', 'card/theme', { query: { status: '0' }, token: u.token })).data;
      expect(themes[0]).toMatchObject({ owned: 3, canExchange: false });
      const listed = await t.call('POST', 'card/exchangeBCard', { body: { themeId: 'thm_a' }, token: u.token });
      expect(listed.status).toBe(409);
      expect(listed.msg).toContain('「水靈」');

      await t.db.update(cards).set({ status: 'held' }).where(eq(cards.id, a2!.id));
      themes = (await t.call<ThemeProgress[]>('GET', 'card/theme', { token: u.token })).data;
      expect(themes[0]).toMatchObject({ owned: 3, canExchange: true });

      const res = await t.call<ExchangeBCardResult>('POST', 'card/exchangeBCard', {
        body: { themeId: 'thm_a' },
        token: u.token,
      });
      expect(res.status).toBe(200);
      expect(res.msg).toContain('B 卡');
      expect(res.data.bCard).toMatchObject({ cardInfoId: 'ci_ab', serialLabel: '#0001/1' });
      // The lowest serial of each card info is consumed; the spare copy stays.
      expect(res.data.consumed.map((c) => c.id).sort()).toEqual([a1!.id, a2!.id, a3!.id].sort());
      const statuses = await t.db
        .select({ id: cards.id, status: cards.status })
        .from(cards)
        .where(eq(cards.ownerId, u.userId));
      const byId = new Map(statuses.map((s) => [s.id, s.status]));
      expect([byId.get(a1!.id), byId.get(a2!.id), byId.get(a3!.id), byId.get(a1b!.id)]).toEqual([
        'consumed',
        'consumed',
        'consumed',
        'held',
      ]);
      expect(byId.get(res.data.bCard.id)).toBe('held');
      const consumedEvents = await t.db
        .select()
        .from(cardEvents)
        .where(eq(cardEvents.refId, (await t.db.select().from(themeExchanges))[0]!.id));
      expect(consumedEvents.filter((e) => e.kind === 'consumed')).toHaveLength(3);

      const again = await t.call('POST', 'card/exchangeBCard', { body: { themeId: 'thm_a' }, token: u.token });
      expect(again).toMatchObject({ status: 409, msg: '你已兌換過此卡冊的 B 卡' });

      expect(
        (await t.call<ThemeProgress[]>('GET', 'card/theme', { query: { status: '0' }, token: u.token })).data,
      ).toEqual([]);
      const done = (await t.call<ThemeProgress[]>('GET', 'card/theme', { query: { status: '1' }, token: u.token }))
        .data;
      expect(done).toHaveLength(1);
      expect(done[0]).toMatchObject({
        id: 'thm_a',
        canExchange: false,
        exchange: { exchangedAt: t.clock.now().toISOString(), card: { id: res.data.bCard.id } },
      });
    });

    it('stops when the B card edition is gone, and answers 404 / 400 for unknown themes and themes without a B card', async () => {
      const u = await signIn(t);
      await give(t, u.userId, 'ci_a1');
      await give(t, u.userId, 'ci_a2');
      await give(t, u.userId, 'ci_a3');
      const themes = (await t.call<ThemeProgress[]>('GET', 'card/theme', { token: u.token })).data;
      expect(themes[0]).toMatchObject({ canExchange: false, bCard: { left: 0 } });
      const res = await t.call('POST', 'card/exchangeBCard', { body: { themeId: 'thm_a' }, token: u.token });
      expect(res).toMatchObject({ status: 409, msg: '此卡冊的 B 卡已全部兌換完畢' });
      const held = await t.db.select({ status: cards.status }).from(cards).where(eq(cards.ownerId, u.userId));
      expect(held.every((c) => c.status === 'held')).toBe(true);

      expect(
        (await t.call('POST', 'card/exchangeBCard', { body: { themeId: 'thm_nope' }, token: u.token })).status,
      ).toBe(404);
      expect(
        await t.call('POST', 'card/exchangeBCard', { body: { themeId: 'thm_small' }, token: u.token }),
      ).toMatchObject({ status: 400, msg: '此卡冊沒有可兌換的 B 卡' });
      expect(await t.call('POST', 'card/exchangeBCard', { body: {}, token: u.token })).toMatchObject({
        status: 400,
        msg: '請選擇卡冊',
      });
    });
  });

  describe('collection, detail and rights', () => {
    it('lists the user’s cards with filters and sorts', async () => {
      const u = await signIn(t);
      await addTheme(t, 'thm_c', [
        { id: 'ci_c1', rarity: 'N', editionSize: 100 },
        { id: 'ci_c2', rarity: 'SSR', editionSize: 100 },
      ]);
      await give(t, u.userId, 'ci_c2', 1); // serial 1
      t.clock.advance(1000);
      await give(t, u.userId, 'ci_c1', 3); // serials 1..3, newest
      t.clock.advance(1000);
      await give(t, u.userId, 'ci_a3'); // another theme

      const all = (await t.call<CollectionCard[]>('GET', 'card/collection', { token: u.token })).data;
      expect(all).toHaveLength(5);
      expect(all[0]).toMatchObject({
        cardInfoId: 'ci_a3',
        themeId: 'thm_a',
        themeName: '卡冊 thm_a',
        status: 'held',
        acquiredVia: 'drop',
      });

      const byTheme = (
        await t.call<CollectionCard[]>('GET', 'card/collection', {
          query: { themeId: 'thm_c', sort: 'rarity' },
          token: u.token,
        })
      ).data;
      expect(byTheme.map((c) => c.rarity)).toEqual(['SSR', 'N', 'N', 'N']);
      const bySerial = (
        await t.call<CollectionCard[]>('GET', 'card/collection', {
          query: { themeId: 'thm_c', sort: 'serial' },
          token: u.token,
        })
      ).data;
      expect(bySerial.map((c) => c.serial)).toEqual([1, 1, 2, 3]);
      const ssr = (
        await t.call<CollectionCard[]>('GET', 'card/collection', { query: { rarity: 'SSR' }, token: u.token })
      ).data;
      expect(ssr.map((c) => c.cardInfoId)).toEqual(['ci_c2']);
      const page2 = (
        await t.call<CollectionCard[]>('GET', 'card/collection', {
          query: { page: '2', pageSize: '2' },
          token: u.token,
        })
      ).data;
      expect(page2.map((c) => c.id)).toEqual(all.slice(2, 4).map((c) => c.id));

      expect((await t.call('GET', 'card/collection', { query: { rarity: 'XR' }, token: u.token })).status).toBe(400);
      expect((await t.call('GET', 'card/collection', { query: { sort: 'price' }, token: u.token })).status).toBe(400);
    });

    it('shows a card’s detail and provenance to its owner, and only the public part to others', async () => {
      const owner = await signIn(t);
      const stranger = await signIn(t);
      const [card] = await give(t, owner.userId, 'ci_a2', 1, 12800);
      const mine = await t.call<CardDetail>('GET', 'card/detail', { query: { id: card!.id }, token: owner.token });
      expect(mine.data).toMatchObject({
        id: card!.id,
        name: '水靈',
        image: '/media/ci_a2.svg',
        rarity: 'SR',
        themeName: '卡冊 thm_a',
        mine: true,
        rights: [{ title: '商城九折' }, { title: '優先購買' }],
        owner: { id: owner.userId },
      });
      expect(mine.data.serialLabel).toMatch(/^#\d{4}\/50$/);
      expect(mine.data.provenance).toEqual([
        {
          kind: 'minted',
          via: 'drop',
          at: t.clock.now().toISOString(),
          from: null,
          to: expect.objectContaining({ id: owner.userId }),
          priceCents: 12800,
        },
      ]);

      const theirs = await t.call<CardDetail>('GET', 'card/detail', { query: { id: card!.id }, token: stranger.token });
      expect(theirs.data.mine).toBe(false);
      expect(theirs.data.provenance[0]!.priceCents).toBeNull();
      expect(JSON.stringify(theirs.data)).not.toContain(owner.phone);
      expect(JSON.stringify(theirs.data)).not.toContain(owner.phone.slice(-8));
      const anonymous = await t.call<CardDetail>('GET', 'card/detail', { query: { id: card!.id } });
      expect(anonymous.data).toMatchObject({ mine: false, provenance: [{ priceCents: null }] });

      expect((await t.call('GET', 'card/detail', { query: { id: 'card_nope' }, token: owner.token })).status).toBe(404);
      expect((await t.call('GET', 'card/detail', { token: owner.token })).status).toBe(400);
    });

    it('records code and set-exchange provenance', async () => {
      const u = await signIn(t);
      const [code] = await batch({ cardInfoId: 'ci_a1' });
      const res = await t.call<ExchangeResult>('POST', 'card/exchange', { body: { code }, token: u.token, ip: ip() });
      const detail = await t.call<CardDetail>('GET', 'card/detail', {
        query: { id: res.data.cards[0]!.id },
        token: u.token,
      });
      expect(detail.data.acquiredVia).toBe('code');
      expect(detail.data.provenance.map((e) => [e.kind, e.via])).toEqual([['minted', 'code']]);
    });

    it('lists the rights of the cards held, each with the cards that grant it', async () => {
      const u = await signIn(t);
      expect((await t.call<HeldRight[]>('GET', 'card/rights', { token: u.token })).data).toEqual([]);
      const [a1] = await give(t, u.userId, 'ci_a1');
      const [a2] = await give(t, u.userId, 'ci_a2');
      await give(t, u.userId, 'ci_a3'); // no rights
      const rights = (await t.call<HeldRight[]>('GET', 'card/rights', { token: u.token })).data;
      const byTitle = Object.fromEntries(rights.map((r) => [r.title, r.cards.map((c) => c.id).sort()]));
      expect(byTitle).toEqual({ 商城九折: [a1!.id, a2!.id].sort(), 優先購買: [a2!.id] });
      // A consumed card grants nothing.
      await t.db.update(cards).set({ status: 'consumed' }).where(eq(cards.id, a2!.id));
      const after = (await t.call<HeldRight[]>('GET', 'card/rights', { token: u.token })).data;
      expect(after.map((r) => [r.title, r.cards.length])).toEqual([['商城九折', 1]]);
    });
  });
});

describe('pickWeighted', () => {
  it('picks in proportion to the weights', () => {
    const weights = [50, 30, 14, 5, 1];
    const seen = weights.map(() => 0);
    for (let roll = 0; roll < 100; roll++) seen[pickWeighted(weights, () => roll)]! += 1;
    expect(seen).toEqual(weights);
  });
});
