import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { articles, privacyPolicies } from './schema';

/** Loads the demo content on first start; does nothing when content already exists. */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts against one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const existing = await tx.select({ id: privacyPolicies.id }).from(privacyPolicies).limit(1);
    if (existing.length > 0) return false;
    await tx.insert(privacyPolicies).values({
      id: 'pp_2026_01',
      version: '2026-01',
      title: 'Trove 寶庫私隱政策',
      body: '我們只收集提供服務所需的個人資料，包括手機號碼及交易記錄。',
      publishedAt: new Date(now.getTime() - 24 * 3600_000),
    });
    await tx.insert(articles).values({
      id: 'art_welcome',
      title: '歡迎來到 Trove 寶庫',
      cover: '/media/articles/welcome.svg',
      category: '公告',
      summary: '收藏、兌換、交易，一站完成。',
      body: 'Trove 寶庫是香港的卡牌及收藏品交易平台。',
      publishedAt: new Date(now.getTime() - 3600_000),
    });
    return true;
  });
}
