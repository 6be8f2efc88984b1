import { newId } from '../../adapters/ids';
import { products } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';

/** Users, products, goods and addresses for the delivery tests (test helper, not app code). */

let phoneSeq = 0;

/** A fresh user with a live session (and the admin role when `phone` is in ADMIN_PHONES). */
export async function signIn(t: TestApp, phone?: string) {
  const p = phone ?? `+85297${String(++phoneSeq).padStart(6, '0')}`;
  const user = await t.app.services.auth.ensureUser(p);
  const session = await t.app.services.auth.startSession(user.id);
  return { userId: user.id, token: session.token, phone: p, roles: session.authority };
}

export async function addProduct(
  t: TestApp,
  opts: { type?: 0 | 1; name?: string; stock?: number } = {},
): Promise<string> {
  const id = newId('prd');
  await t.db.insert(products).values({
    id,
    type: opts.type ?? 1,
    name: opts.name ?? '收藏卡盒',
    images: [`/media/${id}.svg`],
    priceCents: 5_000,
    stock: opts.stock ?? 1000,
    perUserLimit: 100,
  });
  return id;
}

/** Goods units of a product owned by `userId`, created as a paid mall order would. */
export async function giveGoods(t: TestApp, userId: string, productId: string, quantity = 1): Promise<string[]> {
  const made = await t.db.transaction((tx) =>
    t.app.services.goods.create(tx, { productId, ownerId: userId, quantity, refId: 'test' }),
  );
  return made.map((g) => g.id);
}

export const addressBody = (overrides: Record<string, unknown> = {}) => ({
  recipient: '陳大文',
  phone: '+85291234567',
  region: '九龍',
  district: '觀塘區',
  detail: '觀塘道 1 號 10 樓 A 室',
  ...overrides,
});
