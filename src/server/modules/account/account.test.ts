import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_PRESETS } from '../../../shared/avatars';
import type { AvatarOption } from '../../../shared/schemas/account';
import type { SessionData, User } from '../../../shared/schemas/auth';
import { cardInfos, sessions, themes, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';

let seq = 0;
const freshPhone = () => `+8529${String(3000000 + ++seq).padStart(7, '0')}`;

describe('account settings API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insert(themes).values({ id: 'thm_acc', name: '卡冊', cover: '/media/thm.svg' });
    await t.db.insert(cardInfos).values([
      {
        id: 'ci_acc_a',
        themeId: 'thm_acc',
        name: '火龍',
        image: '/media/cards/fire.svg',
        rarity: 'SR',
        editionSize: 100,
      },
      {
        id: 'ci_acc_b',
        themeId: 'thm_acc',
        name: '冰龍',
        image: '/media/cards/ice.svg',
        rarity: 'R',
        editionSize: 100,
      },
    ]);
  });
  afterAll(() => t.close());

  let ipSeq = 0;
  const ip = () => `203.0.113.${(ipSeq++ % 250) + 1}`;
  async function signUp(phone = freshPhone()): Promise<SessionData> {
    await t.call('POST', 'sms/send', { body: { phone, purpose: 'register' }, ip: ip() });
    const res = await t.call<SessionData>('POST', 'user/register', {
      body: { phone, code: t.sms.lastCode(phone), agreePrivacy: true },
    });
    expect(res.status).toBe(200);
    return res.data;
  }
  async function secondSession(phone: string): Promise<string> {
    t.clock.advance(61_000);
    await t.call('POST', 'sms/send', { body: { phone, purpose: 'login' }, ip: ip() });
    return (await t.call<SessionData>('POST', 'user/login', { body: { phone, code: t.sms.lastCode(phone) } })).data
      .token;
  }
  const updateInfo = (token: string, body: unknown) => t.call<User>('POST', 'user/updateInfo', { token, body });

  it('updateInfo changes nickname and bio, checked like the form (2–20, ≤ 200)', async () => {
    const s = await signUp();
    const res = await updateInfo(s.token, { nickname: '  集卡達人  ', bio: '專收夜景系列' });
    expect(res).toMatchObject({ status: 200, msg: '資料已更新', data: { nickname: '集卡達人', bio: '專收夜景系列' } });
    expect((await t.call<User>('GET', 'user/info', { token: s.token })).data).toMatchObject({
      nickname: '集卡達人',
      bio: '專收夜景系列',
    });
    expect(await updateInfo(s.token, { nickname: '阿' })).toMatchObject({ status: 400, msg: '暱稱需為 2 至 20 個字' });
    expect(await updateInfo(s.token, { nickname: 'x'.repeat(21) })).toMatchObject({
      status: 400,
      msg: '暱稱需為 2 至 20 個字',
    });
    expect(await updateInfo(s.token, { bio: 'x'.repeat(201) })).toMatchObject({
      status: 400,
      msg: '簡介最多 200 個字',
    });
    expect(await updateInfo(s.token, {})).toMatchObject({ status: 400, msg: '請填寫要更改的資料' });
    expect(await updateInfo(s.token, { roles: ['admin'] })).toMatchObject({ status: 400, msg: '不接受的欄位：roles' });
    expect(await updateInfo(s.token, { bio: '' })).toMatchObject({
      status: 200,
      data: { bio: '', nickname: '集卡達人' },
    });
    expect(await t.call('POST', 'user/updateInfo', { body: { nickname: '路人' } })).toMatchObject({ status: 403 });
  });

  it('the avatar is a preset or the image of a card the user holds, nothing else', async () => {
    const s = await signUp();
    const options = async () => (await t.call<AvatarOption[]>('GET', 'user/avatarOptions', { token: s.token })).data;
    expect(await options()).toEqual(AVATAR_PRESETS.map((p) => ({ image: p.image, label: p.label, kind: 'preset' })));
    expect(await updateInfo(s.token, { avatar: '/media/cards/fire.svg' })).toMatchObject({
      status: 400,
      msg: '頭像只可選擇預設頭像或你持有的卡牌圖片',
    });
    expect(await updateInfo(s.token, { avatar: 'https://evil.example/x.png' })).toMatchObject({ status: 400 });

    await t.db.transaction((tx) =>
      t.app.services.cards.mint(tx, {
        cardInfoId: 'ci_acc_a',
        ownerId: s.user.id,
        quantity: 1,
        via: 'drop',
        refId: 'test',
      }),
    );
    expect((await options()).filter((o) => o.kind === 'card')).toEqual([
      { image: '/media/cards/fire.svg', label: '火龍', kind: 'card' },
    ]);
    expect(await updateInfo(s.token, { avatar: '/media/cards/fire.svg' })).toMatchObject({
      status: 200,
      data: { avatar: '/media/cards/fire.svg' },
    });
    expect(await updateInfo(s.token, { avatar: AVATAR_PRESETS[2].image })).toMatchObject({
      status: 200,
      data: { avatar: AVATAR_PRESETS[2].image },
    });
    expect(await updateInfo(s.token, { avatar: '/media/cards/ice.svg' })).toMatchObject({ status: 400 });
  });

  describe('user/updatePhone', () => {
    async function codes(s: SessionData, newPhone: string) {
      t.clock.advance(61_000);
      expect(
        await t.call('POST', 'sms/authSend', { token: s.token, body: { purpose: 'change_phone_old' }, ip: ip() }),
      ).toMatchObject({ status: 200 });
      expect(
        await t.call('POST', 'sms/send', { body: { phone: newPhone, purpose: 'change_phone' }, ip: ip() }),
      ).toMatchObject({ status: 200 });
      return { authCode: t.sms.lastCode(s.user.phone), code: t.sms.lastCode(newPhone) };
    }
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

    it('moves the account to the new phone after both codes, and revokes the other sessions only', async () => {
      const s = await signUp();
      const other = await secondSession(s.user.phone);
      const newPhone = freshPhone();
      const c = await codes(s, newPhone);
      expect(t.sms.last(s.user.phone)!.body).toContain('更換手機號碼驗證碼');
      const res = await t.call<User>('POST', 'user/updatePhone', {
        token: s.token,
        body: { authCode: c.authCode, phone: newPhone, code: c.code },
      });
      expect(res).toMatchObject({
        status: 200,
        msg: '手機號碼已更換，其他裝置已登出',
        data: { phone: newPhone, id: s.user.id },
      });
      expect(await t.call('GET', 'user/info', { token: other })).toMatchObject({ status: 403 });
      expect(await t.call('GET', 'user/info', { token: s.token })).toMatchObject({
        status: 200,
        data: { phone: newPhone },
      });
      const live = await t.db.select().from(sessions).where(eq(sessions.userId, s.user.id));
      expect(live.filter((x) => !x.revokedAt)).toHaveLength(1);
      // The codes are used up.
      expect(
        await t.call('POST', 'user/updatePhone', {
          token: s.token,
          body: { authCode: c.authCode, phone: freshPhone(), code: c.code },
        }),
      ).toMatchObject({ status: 400 });
    });

    it('a wrong code names which one, counts the try and uses up neither code', async () => {
      const s = await signUp();
      const newPhone = freshPhone();
      const c = await codes(s, newPhone);
      const bad1 = await t.call('POST', 'user/updatePhone', {
        token: s.token,
        body: { authCode: wrong(c.authCode), phone: newPhone, code: c.code },
      });
      expect(bad1).toMatchObject({ status: 400, msg: '目前手機號碼的驗證碼：驗證碼錯誤，還可以再試 4 次' });
      const bad2 = await t.call('POST', 'user/updatePhone', {
        token: s.token,
        body: { authCode: c.authCode, phone: newPhone, code: wrong(c.code) },
      });
      expect(bad2).toMatchObject({ status: 400, msg: '新手機號碼的驗證碼：驗證碼錯誤，還可以再試 4 次' });
      const good = await t.call('POST', 'user/updatePhone', {
        token: s.token,
        body: { authCode: c.authCode, phone: newPhone, code: c.code },
      });
      expect(good).toMatchObject({ status: 200 });
    });

    it('a number already in use is refused without saying whose, and only after both codes', async () => {
      const s = await signUp();
      const taken = await signUp();
      const c = await codes(s, taken.user.phone);
      expect(
        await t.call('POST', 'user/updatePhone', {
          token: s.token,
          body: { authCode: c.authCode, phone: taken.user.phone, code: wrong(c.code) },
        }),
      ).toMatchObject({ status: 400 });
      const res = await t.call('POST', 'user/updatePhone', {
        token: s.token,
        body: { authCode: c.authCode, phone: taken.user.phone, code: c.code },
      });
      expect(res).toMatchObject({ status: 409, msg: '此手機號碼已被其他帳戶使用，請使用另一個號碼', data: null });
      expect(JSON.stringify(res)).not.toContain(taken.user.nickname);
      expect((await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, s.user.id)))[0]!.phone).toBe(
        s.user.phone,
      );
    });

    it('refuses the same number, a bad number and a missing code', async () => {
      const s = await signUp();
      expect(
        await t.call('POST', 'user/updatePhone', {
          token: s.token,
          body: { authCode: '123456', phone: s.user.phone, code: '123456' },
        }),
      ).toMatchObject({ status: 400, msg: '新手機號碼與目前的號碼相同' });
      expect(
        await t.call('POST', 'user/updatePhone', {
          token: s.token,
          body: { authCode: '123456', phone: '123', code: '123456' },
        }),
      ).toMatchObject({ status: 400, msg: '請輸入有效的香港、澳門或中國內地手機號碼' });
      expect(
        await t.call('POST', 'user/updatePhone', { token: s.token, body: { phone: freshPhone(), code: '123456' } }),
      ).toMatchObject({ status: 400, msg: '請輸入驗證碼' });
      expect(
        await t.call('POST', 'user/updatePhone', {
          token: s.token,
          body: { authCode: '123456', phone: freshPhone(), code: '123456' },
        }),
      ).toMatchObject({ status: 400, msg: '目前手機號碼的驗證碼：請先獲取驗證碼' });
      expect(
        await t.call('POST', 'user/updatePhone', { body: { authCode: '123456', phone: freshPhone(), code: '123456' } }),
      ).toMatchObject({ status: 403 });
    });
  });
});
