import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/schemas/addresses';
import { addresses } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addressBody, signIn } from '../shipments/shipments.fixtures';

describe('address book API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const add = (token: string, body: Record<string, unknown>) => t.call<Address>('POST', 'address/add', { token, body });
  const list = async (token: string) => (await t.call<Address[]>('GET', 'address/list', { token })).data;
  const defaults = async (userId: string) =>
    t.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .then(async (rows) => {
        const all = await t.db.select().from(addresses).where(eq(addresses.userId, userId));
        return { count: rows.length, defaults: all.filter((a) => a.isDefault).map((a) => a.id) };
      });

  it('new users have no address and no default', async () => {
    const u = await signIn(t);
    expect(await list(u.token)).toEqual([]);
    expect(await t.call('GET', 'address/default', { token: u.token })).toMatchObject({ status: 200, data: null });
  });

  it('the first address becomes the default; a later one only when asked; the phone is stored in E.164', async () => {
    const u = await signIn(t);
    const first = await add(u.token, addressBody({ phone: '9123 4567' }));
    expect(first).toMatchObject({
      status: 200,
      msg: '地址已新增',
      data: { isDefault: true, phone: '+85291234567', region: '九龍', district: '觀塘區' },
    });
    t.clock.advance(1000);
    const second = await add(u.token, addressBody({ recipient: '李小明', region: '香港島', district: '灣仔區' }));
    expect(second.data.isDefault).toBe(false);
    t.clock.advance(1000);
    const third = await add(
      u.token,
      addressBody({ recipient: '張三', region: '澳門', district: '氹仔', phone: '+85362345678', isDefault: true }),
    );
    expect(third.data.isDefault).toBe(true);
    const rows = await list(u.token);
    expect(rows.map((a) => a.id)).toEqual([third.data.id, second.data.id, first.data.id]);
    expect((await defaults(u.userId)).defaults).toEqual([third.data.id]);
    expect((await t.call<Address>('GET', 'address/default', { token: u.token })).data.id).toBe(third.data.id);
  });

  it('refuses bad fields with zh-HK messages: region, a district of another region, phone, blanks, unknown fields', async () => {
    const u = await signIn(t);
    const cases: [Record<string, unknown>, string][] = [
      [addressBody({ region: '火星' }), '請選擇地區（香港島、九龍、新界、離島或澳門）'],
      [addressBody({ region: '香港島', district: '觀塘區' }), '請選擇香港島的分區'],
      [addressBody({ phone: '12345' }), '請輸入有效的香港、澳門或中國內地手機號碼'],
      [addressBody({ recipient: '   ' }), '請填寫收件人'],
      [addressBody({ detail: 'x'.repeat(121) }), '詳細地址最多 120 個字'],
      [addressBody({ userId: 'usr_x' }), '不接受的欄位：userId'],
    ];
    for (const [body, msg] of cases) {
      expect(await add(u.token, body)).toMatchObject({ status: 400, code: 400, msg });
    }
    expect(await list(u.token)).toEqual([]);
  });

  it('the 18 districts of Hong Kong and the Macau districts are all accepted', async () => {
    const { DELIVERY_REGIONS, HK_DISTRICTS } = await import('../../../shared/hk-regions');
    expect(HK_DISTRICTS).toHaveLength(18);
    const u = await signIn(t);
    let n = 0;
    for (const r of DELIVERY_REGIONS) {
      for (const d of r.districts.slice(0, 1)) {
        expect((await add(u.token, addressBody({ region: r.region, district: d }))).status).toBe(200);
        n++;
      }
    }
    expect(await list(u.token)).toHaveLength(n);
  });

  it('keeps at most 20 addresses', async () => {
    const u = await signIn(t);
    for (let i = 0; i < 20; i++)
      expect((await add(u.token, addressBody({ recipient: `收件人${i}` }))).status).toBe(200);
    expect(await add(u.token, addressBody())).toMatchObject({
      status: 409,
      msg: '最多只可儲存 20 個地址，請先刪除不再使用的地址',
    });
    expect(
      (await t.call<Address[]>('GET', 'address/list', { token: u.token, query: { pageSize: '50' } })).data,
    ).toHaveLength(20);
  });

  it('update changes the fields; isDefault moves the default; the default cannot be unset', async () => {
    const u = await signIn(t);
    const a = (await add(u.token, addressBody())).data;
    const b = (await add(u.token, addressBody({ recipient: '李小明' }))).data;
    const upd = await t.call<Address>('POST', 'address/update', {
      token: u.token,
      body: { id: b.id, ...addressBody({ recipient: '李大明', region: '新界', district: '沙田區', isDefault: true }) },
    });
    expect(upd).toMatchObject({
      status: 200,
      data: { id: b.id, recipient: '李大明', region: '新界', district: '沙田區', isDefault: true },
    });
    expect((await defaults(u.userId)).defaults).toEqual([b.id]);
    const unset = await t.call('POST', 'address/update', {
      token: u.token,
      body: { id: b.id, ...addressBody({ isDefault: false }) },
    });
    expect(unset).toMatchObject({ status: 409, msg: '必須保留一個預設地址：請把另一個地址設為預設' });
    // Saving the default without the flag keeps it the default.
    expect(
      (await t.call<Address>('POST', 'address/update', { token: u.token, body: { id: b.id, ...addressBody() } })).data
        .isDefault,
    ).toBe(true);
    expect(
      (await t.call<Address>('POST', 'address/setDefault', { token: u.token, body: { id: a.id } })).data.isDefault,
    ).toBe(true);
    expect((await defaults(u.userId)).defaults).toEqual([a.id]);
  });

  it('deleting the default promotes the most recently added address; deleting the last leaves none', async () => {
    const u = await signIn(t);
    const a = (await add(u.token, addressBody())).data;
    t.clock.advance(1000);
    const b = (await add(u.token, addressBody({ recipient: 'B' }))).data;
    t.clock.advance(1000);
    const c = (await add(u.token, addressBody({ recipient: 'C' }))).data;
    // Make the oldest the most recently edited: promotion still follows when it was added.
    await t.call('POST', 'address/update', { token: u.token, body: { id: b.id, ...addressBody({ recipient: 'B2' }) } });
    const del = await t.call<{ id: string; newDefaultId: string | null }>('POST', 'address/delete', {
      token: u.token,
      body: { id: a.id },
    });
    expect(del).toMatchObject({ status: 200, msg: '地址已刪除', data: { id: a.id, newDefaultId: c.id } });
    expect((await defaults(u.userId)).defaults).toEqual([c.id]);
    expect(
      (await t.call<{ newDefaultId: string | null }>('POST', 'address/delete', { token: u.token, body: { id: b.id } }))
        .data.newDefaultId,
    ).toBe(c.id);
    expect(
      (await t.call<{ newDefaultId: string | null }>('POST', 'address/delete', { token: u.token, body: { id: c.id } }))
        .data.newDefaultId,
    ).toBeNull();
    expect(await defaults(u.userId)).toEqual({ count: 0, defaults: [] });
  });

  it("another user's address is a 404 for update, setDefault and delete, and never listed", async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const a = (await add(owner.token, addressBody())).data;
    for (const [path, body] of [
      ['address/update', { id: a.id, ...addressBody({ recipient: '入侵者' }) }],
      ['address/setDefault', { id: a.id }],
      ['address/delete', { id: a.id }],
    ] as const) {
      expect(await t.call('POST', path, { token: other.token, body })).toMatchObject({
        status: 404,
        msg: '找不到此地址',
      });
    }
    expect(await list(other.token)).toEqual([]);
    expect((await list(owner.token))[0]).toMatchObject({ id: a.id, recipient: '陳大文' });
  });

  it('every address call needs a session (403 before the body is read)', async () => {
    for (const [method, path] of [
      ['GET', 'address/list'],
      ['GET', 'address/default'],
      ['POST', 'address/add'],
      ['POST', 'address/update'],
      ['POST', 'address/setDefault'],
      ['POST', 'address/delete'],
    ] as const) {
      expect(await t.call(method, path, { body: {} })).toMatchObject({ status: 403, code: 403 });
    }
  });
});
