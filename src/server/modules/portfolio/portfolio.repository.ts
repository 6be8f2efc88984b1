import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sellTypeSql } from '../../db/sell-type-sql';
import { portfolioSnapshots } from '../../db/schema/portfolio';

/** A held card or goods unit (its cost basis is its latest sale to its owner, the sales service's). */
export interface HeldRow {
  kind: 'card' | 'goods';
  itemId: string;
  refId: string;
  name: string;
  image: string;
  serial: number | null;
  editionSize: number | null;
  themeId: string | null;
  themeName: string | null;
}

export type SnapshotRow = typeof portfolioSnapshots.$inferSelect;

// Items still in the owner's hands on the platform: listed and reserved ones are still theirs until sold.
const OWNED_CARD = sql`c.status IN ('held', 'listed', 'reserved')`;
const OWNED_GOODS = sql`g.status IN ('held', 'listed', 'reserved')`;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The portfolio's reads (cards, goods, themes and open listings) and its snapshots. */
export function createPortfolioRepository() {
  return {
    /** The user's held items. */
    held(db: Executor, userId: string): Promise<HeldRow[]> {
      return rows<HeldRow>(
        db,
        sql`SELECT 'card' AS kind, c.id AS "itemId", c.card_info_id AS "refId", ci.name, ci.image, c.serial,
              ci.edition_size AS "editionSize", ci.theme_id AS "themeId", t.name AS "themeName"
            FROM cards c JOIN card_infos ci ON ci.id = c.card_info_id LEFT JOIN themes t ON t.id = ci.theme_id
            WHERE c.owner_id = ${userId} AND ${OWNED_CARD}
            UNION ALL
            SELECT 'goods', g.id, g.product_id, p.name, coalesce(p.images ->> 0, ''), NULL, NULL, NULL, NULL
            FROM goods g JOIN products p ON p.id = g.product_id
            WHERE g.owner_id = ${userId} AND ${OWNED_GOODS}`,
      );
    },

    /** The names of the themes in `ids` (the themes of items sold and no longer held). */
    async themeNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const found = await rows<{ id: string; name: string }>(
        db,
        sql`SELECT id, name FROM themes WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      return new Map(found.map((r) => [r.id, r.name]));
    },

    /** The lowest open ask of each card info (`card`) / product (`goods`) in `ids` (the floor). */
    async floors(db: Executor, kind: 'card' | 'goods', ids: string[], now: Date): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const col = kind === 'card' ? sql`card_info_id` : sql`product_id`;
      const found = await rows<{ id: string; floor: number }>(
        db,
        sql`SELECT ${col} AS id, min(price) AS floor FROM listings
            WHERE sell_type = ${sellTypeSql('sell')} AND status = 'active' AND expires_at > ${now.toISOString()}
              AND ${col} IN (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})
            GROUP BY ${col}`,
      );
      return new Map(found.map((r) => [r.id, Number(r.floor)]));
    },

    /** The user's snapshots from `since` (a day, inclusive), oldest first. */
    snapshots(db: Executor, userId: string, since: string): Promise<SnapshotRow[]> {
      return db
        .select()
        .from(portfolioSnapshots)
        .where(and(eq(portfolioSnapshots.userId, userId), gte(portfolioSnapshots.day, since)))
        .orderBy(asc(portfolioSnapshots.day));
    },

    /** The user's latest snapshot before `day`. */
    async lastBefore(db: Executor, userId: string, day: string): Promise<SnapshotRow | null> {
      const [row] = await db
        .select()
        .from(portfolioSnapshots)
        .where(and(eq(portfolioSnapshots.userId, userId), lt(portfolioSnapshots.day, day)))
        .orderBy(desc(portfolioSnapshots.day))
        .limit(1);
      return row ?? null;
    },

    /** Up to `limit` users who hold an item and have no snapshot for `day`, in random order (instances spread out). */
    async usersDue(db: Executor, day: string, limit: number): Promise<string[]> {
      const found = await rows<{ id: string }>(
        db,
        sql`SELECT u.id FROM users u
            WHERE (EXISTS (SELECT 1 FROM cards c WHERE c.owner_id = u.id AND ${OWNED_CARD})
                OR EXISTS (SELECT 1 FROM goods g WHERE g.owner_id = u.id AND ${OWNED_GOODS}))
              AND NOT EXISTS (SELECT 1 FROM portfolio_snapshots s WHERE s.user_id = u.id AND s.day = ${day})
            ORDER BY random() LIMIT ${limit}`,
      );
      return found.map((r) => r.id);
    },

    /** Records a day's snapshot once: a second write of the same user and day changes nothing (false). */
    async insertSnapshot(db: Executor, row: SnapshotRow): Promise<boolean> {
      const out = await db
        .insert(portfolioSnapshots)
        .values(row)
        .onConflictDoNothing()
        .returning({ day: portfolioSnapshots.day });
      return out.length > 0;
    },
  };
}
export type PortfolioRepository = ReturnType<typeof createPortfolioRepository>;
