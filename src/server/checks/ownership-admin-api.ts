import type { TestApp } from '../testing/test-app';
import { alongside, entry, makeOperator, setUp } from './ownership-kit';
import type { OwnershipEntry, TestUser } from './ownership-kit';

/**
 * The back office's catalogue, code batch and content routes (issue 11): the owner is made an operator and makes
 * the object through the admin API; user B, signed in but not an operator, gets 404 whatever the id.
 */

const adminPost = <T>(t: TestApp, owner: TestUser, path: string, payload: object) =>
  setUp<T>(t, owner.token, 'POST', `admin/${path}`, payload);

let seq = 0;
async function theme(t: TestApp, owner: TestUser): Promise<string> {
  await makeOperator(t, owner);
  return (
    await adminPost<{ id: string }>(t, owner, 'themes/create', {
      name: `權限卡冊 ${++seq}`,
      cover: '/uploads/t/640.webp',
    })
  ).id;
}
async function cardInfo(t: TestApp, owner: TestUser, extra: object = {}): Promise<string> {
  const themeId = await theme(t, owner);
  return (
    await adminPost<{ id: string }>(t, owner, 'cardInfos/create', {
      themeId,
      name: '權限卡牌',
      image: '/uploads/c/640.webp',
      rarity: 'R',
      editionSize: 50,
      ...extra,
    })
  ).id;
}
async function product(t: TestApp, owner: TestUser): Promise<string> {
  await makeOperator(t, owner);
  return (
    await adminPost<{ id: string }>(t, owner, 'products/create', {
      type: 1,
      name: '權限商品',
      images: ['/uploads/p/640.webp'],
      priceCents: 1000,
      stock: 5,
    })
  ).id;
}
async function batch(t: TestApp, owner: TestUser): Promise<string> {
  const cardInfoId = await cardInfo(t, owner);
  return (await adminPost<{ id: string }>(t, owner, 'codeBatches/create', { cardInfoId, count: 2 })).id;
}
async function banner(t: TestApp, owner: TestUser): Promise<string> {
  await makeOperator(t, owner);
  return (
    await adminPost<{ id: string }>(t, owner, 'banners/create', { title: '權限橫額', image: '/uploads/b/640.webp' })
  ).id;
}
async function article(t: TestApp, owner: TestUser): Promise<string> {
  await makeOperator(t, owner);
  return (
    await adminPost<{ id: string }>(t, owner, 'articles/create', {
      title: '權限文章',
      cover: '/uploads/a/640.webp',
      category: '公告',
      body: '內容',
    })
  ).id;
}
async function privacyDraft(t: TestApp, owner: TestUser): Promise<string> {
  await makeOperator(t, owner);
  return (
    await adminPost<{ id: string }>(t, owner, 'privacy/create', {
      version: `perm-${++seq}`,
      title: '私隱政策',
      body: '內容',
    })
  ).id;
}

const admin = (route: string, param: string, create: OwnershipEntry['create'], extra?: Record<string, unknown>) =>
  entry(route, param, 'private', create, [], { extra });

/** An admin entry whose request names two objects (see `alongside`). */
const adminAlongside = (route: string, param: string, make: Parameters<typeof alongside>[3]) =>
  alongside(route, param, 'private', make, []);

/** A card info on sale from a day before the test clock's now. */
const liveSale = { priceCents: 1000, saleStartsAt: '2026-11-01T00:00:00Z' };

export const ADMIN_API_OWNERSHIP: OwnershipEntry[] = [
  admin('GET /api/admin/themes/detail', 'id', theme),
  admin('POST /api/admin/themes/update', 'id', theme, { description: '改過' }),
  admin('POST /api/admin/themes/delete', 'id', theme),
  adminAlongside('POST /api/admin/themes/update', 'bCardInfoId', async (t, owner) => {
    const themeId = await theme(t, owner);
    const bCardInfo = await adminPost<{ id: string }>(t, owner, 'cardInfos/create', {
      themeId,
      name: 'B 卡',
      image: '/uploads/b/640.webp',
      rarity: 'UR',
      editionSize: 5,
      isBCard: true,
    });
    return { id: themeId, bCardInfoId: bCardInfo.id };
  }),
  admin('GET /api/admin/cardInfos', 'themeId', theme),
  admin('GET /api/admin/cardInfos/detail', 'id', (t, o) => cardInfo(t, o)),
  admin('POST /api/admin/cardInfos/create', 'themeId', theme, {
    name: '新卡',
    image: '/uploads/n/640.webp',
    rarity: 'N',
    editionSize: 10,
  }),
  admin('POST /api/admin/cardInfos/update', 'id', (t, o) => cardInfo(t, o), { name: '改名' }),
  adminAlongside('POST /api/admin/cardInfos/update', 'themeId', async (t, owner) => ({
    id: await cardInfo(t, owner),
    themeId: await theme(t, owner),
  })),
  admin('POST /api/admin/cardInfos/delete', 'id', (t, o) => cardInfo(t, o)),
  admin('GET /api/admin/products/detail', 'id', product),
  admin('POST /api/admin/products/update', 'id', product, { stock: 6 }),
  admin('POST /api/admin/products/delete', 'id', product),
  admin('POST /api/admin/codeBatches/create', 'cardInfoId', (t, o) => cardInfo(t, o), { count: 1 }),
  admin(
    'POST /api/admin/codeBatches/create',
    'themeId',
    async (t, owner) => {
      const themeId = await theme(t, owner);
      await adminPost(t, owner, 'cardInfos/create', {
        themeId,
        name: '卡',
        image: '/uploads/n/640.webp',
        rarity: 'N',
        editionSize: 10,
      });
      return themeId;
    },
    { count: 1 },
  ),
  admin('GET /api/admin/codeBatches/csv', 'id', batch),
  admin('POST /api/admin/codeBatches/void', 'id', batch),
  admin('POST /api/admin/banners/update', 'id', banner, { title: '改過' }),
  admin('POST /api/admin/banners/delete', 'id', banner),
  admin('GET /api/admin/articles/detail', 'id', article),
  admin('POST /api/admin/articles/update', 'id', article, { title: '改過' }),
  admin('POST /api/admin/articles/delete', 'id', article),
  admin('POST /api/admin/privacy/update', 'id', privacyDraft, { body: '改過' }),
  admin('POST /api/admin/privacy/publish', 'id', privacyDraft),
  // The live drop view (decision 045): a drop on sale now.
  admin('GET /api/admin/liveDrops/detail', 'id', (t, o) => cardInfo(t, o, liveSale), { kind: 'card' }),
];
