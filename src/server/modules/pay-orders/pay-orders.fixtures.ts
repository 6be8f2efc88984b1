import { newId, newSecretToken, sha256 } from '../../adapters/ids';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardInfos, products, sessions, themes, users } from '../../db/schema';

/** Test and benchmark data: buyers with live sessions, a card drop, a product. */

let phoneSeq = 0;

/** `n` users with one session each, inserted in bulk; answers their ids and bearer tokens. */
export async function createBuyers(db: Db, n: number, now: Date): Promise<{ id: string; token: string }[]> {
  const out: { id: string; token: string }[] = [];
  for (let start = 0; start < n; start += 500) {
    const batch = Array.from({ length: Math.min(500, n - start) }, () => ({
      id: newId('usr'),
      token: newSecretToken(),
      phone: `+852${50_000_000 + phoneSeq++}`,
    }));
    await db.insert(users).values(
      batch.map((b) => ({
        id: b.id,
        phone: b.phone,
        nickname: `買家${b.phone.slice(-4)}`,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await db.insert(sessions).values(
      batch.map((b) => ({
        id: newId('ses'),
        userId: b.id,
        tokenHash: sha256(b.token),
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + 30 * 24 * 3600_000),
      })),
    );
    out.push(...batch.map((b) => ({ id: b.id, token: b.token })));
  }
  return out;
}

export async function createDrop(
  db: Db,
  opts: {
    editionSize: number;
    perUserLimit: number;
    priceCents?: number | null;
    saleStartsAt?: Date | null;
    saleEndsAt?: Date | null;
    isBCard?: boolean;
    name?: string;
    /** 熱門: sold through the waiting room (decision 044). */
    hot?: boolean;
  },
): Promise<string> {
  const themeId = newId('thm');
  const id = newId('ci');
  await db.insert(themes).values({ id: themeId, name: '測試系列', cover: '/media/t.svg' });
  await db.insert(cardInfos).values({
    id,
    themeId,
    name: opts.name ?? '火焰龍',
    image: '/media/c.svg',
    rarity: 'SSR',
    editionSize: opts.editionSize,
    priceCents: opts.priceCents === undefined ? 12_800 : opts.priceCents,
    perUserLimit: opts.perUserLimit,
    saleStartsAt: opts.saleStartsAt ?? null,
    saleEndsAt: opts.saleEndsAt ?? null,
    isBCard: opts.isBCard ?? false,
    hot: opts.hot ?? false,
  });
  return id;
}

export async function createProduct(
  db: Db,
  opts: {
    stock: number;
    perUserLimit: number;
    priceCents?: number;
    type?: number;
    hot?: boolean;
    saleStartsAt?: Date | null;
  },
): Promise<string> {
  const id = newId('prd');
  await db.insert(products).values({
    id,
    type: opts.type ?? 1,
    name: '收藏卡盒',
    images: ['/media/p.svg'],
    priceCents: opts.priceCents ?? 5_000,
    stock: opts.stock,
    perUserLimit: opts.perUserLimit,
    hot: opts.hot ?? false,
    saleStartsAt: opts.saleStartsAt ?? null,
  });
  return id;
}

/** How many editions of a card info are minted and how many are reserved by pending orders. */
export async function supplyOf(db: Db, cardInfoId: string): Promise<{ minted: number; reserved: number }> {
  const rows = await db
    .select({ minted: cardInfos.minted, reserved: cardInfos.reserved })
    .from(cardInfos)
    .where(eq(cardInfos.id, cardInfoId));
  return rows[0]!;
}
