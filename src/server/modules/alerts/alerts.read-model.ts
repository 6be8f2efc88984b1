/**
 * The alerts' read model (docs/decisions/039-price-alerts.md): item names, the best open prices, drops about to
 * start and the themes a user can complete from the market, over tables the catalogue, market and cards modules
 * own. Read-only; the checks call it inside the listing's transaction, so it sees that listing.
 */
import { and, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cards } from '../../db/schema/cards';
import { cardInfos, products, themes } from '../../db/schema/catalogue';
import { sellTypeSql } from '../../db/sell-type-sql';
import { listings } from '../../db/schema/market';

export type ItemKind = 'card' | 'goods';
export type Side = 'ask' | 'bid';

const keyOf = (kind: ItemKind) => (kind === 'card' ? listings.cardInfoId : listings.productId);
const open = (now: Date) => and(eq(listings.status, 'active'), gt(listings.expiresAt, now));

/** A user who started a theme, and how far they are from completing it from the market. */
export interface SetCandidate {
  userId: string;
  /** Card infos of the theme they hold no live card of. */
  missing: number;
  /** Of those, how many have no open sell listing of someone else. */
  unavailable: number;
  /** Whether the listed card info had an open sell listing of someone else before this one. */
  hadListed: boolean;
}

interface CandidateRow {
  user_id: string;
  missing: number;
  unavailable: number;
  had_listed: boolean;
}

export function createAlertsReadModel() {
  return {
    /** The names and images of card infos or products, by id. */
    async items(db: Executor, kind: ItemKind, ids: string[]): Promise<Map<string, { name: string; image: string }>> {
      if (ids.length === 0) return new Map();
      if (kind === 'card') {
        const rows = await db
          .select({ id: cardInfos.id, name: cardInfos.name, image: cardInfos.image })
          .from(cardInfos)
          .where(inArray(cardInfos.id, ids));
        return new Map(rows.map((r) => [r.id, r]));
      }
      const rows = await db
        .select({ id: products.id, name: products.name, images: products.images })
        .from(products)
        .where(inArray(products.id, ids));
      return new Map(rows.map((r) => [r.id, { name: r.name, image: r.images[0] ?? '' }]));
    },

    /** The lowest open ask or highest open bid of some items, by id (none open: absent). */
    async best(db: Executor, kind: ItemKind, side: Side, ids: string[], now: Date, except?: string) {
      const out = new Map<string, number>();
      if (ids.length === 0) return out;
      const key = keyOf(kind);
      const price = side === 'ask' ? sql<number>`min(${listings.price})` : sql<number>`max(${listings.price})`;
      const rows = await db
        .select({ id: sql<string>`${key}`, price })
        .from(listings)
        .where(
          and(
            open(now),
            eq(listings.sellType, side === 'ask' ? 'sell' : 'buy'),
            inArray(key, ids),
            except ? ne(listings.id, except) : undefined,
          ),
        )
        .groupBy(key);
      for (const r of rows) if (r.price !== null) out.set(r.id, Number(r.price));
      return out;
    },

    /** Card infos and products whose sale starts in (from, to], soonest first. */
    async dropsStarting(db: Executor, from: Date, to: Date, limit: number) {
      const window = (col: typeof cardInfos.saleStartsAt | typeof products.saleStartsAt) =>
        and(gt(col, from), lte(col, to));
      const [c, p] = await Promise.all([
        db
          .select({ id: cardInfos.id, name: cardInfos.name, startsAt: cardInfos.saleStartsAt })
          .from(cardInfos)
          .where(window(cardInfos.saleStartsAt))
          .limit(limit),
        db
          .select({ id: products.id, name: products.name, startsAt: products.saleStartsAt })
          .from(products)
          .where(window(products.saleStartsAt))
          .limit(limit),
      ]);
      return [
        ...c.map((r) => ({ kind: 'card' as const, id: r.id, name: r.name, startsAt: r.startsAt! })),
        ...p.map((r) => ({ kind: 'goods' as const, id: r.id, name: r.name, startsAt: r.startsAt! })),
      ]
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
        .slice(0, limit);
    },

    /** The theme of a card info (null for a B card, which no set needs). */
    async themeOf(db: Executor, cardInfoId: string): Promise<{ id: string; name: string } | null> {
      const [row] = await db
        .select({ id: themes.id, name: themes.name })
        .from(cardInfos)
        .innerJoin(themes, eq(themes.id, cardInfos.themeId))
        .where(and(eq(cardInfos.id, cardInfoId), eq(cardInfos.isBCard, false)));
      return row ?? null;
    },

    /**
     * At most `cap` users who hold a live card of the theme but none of the listed card info (only they can have
     * been made able to complete it by this listing), the lister left out, with what they miss and what of that the
     * market cannot sell them (their own listings do not count). One statement; its work is the theme's card
     * infos × `cap` users.
     */
    async setCandidates(
      db: Executor,
      q: { themeId: string; cardInfoId: string; listingId: string; listerId: string; now: Date; cap: number },
    ): Promise<SetCandidate[]> {
      const now = sql`${q.now.toISOString()}::timestamptz`;
      const result = await db.execute(sql`
        with t as (
          select ${cardInfos.id} as id from ${cardInfos}
          where ${cardInfos.themeId} = ${q.themeId} and not ${cardInfos.isBCard}
        ),
        u as (
          select distinct c.owner_id as user_id from ${cards} c join t on t.id = c.card_info_id
          where c.status <> 'consumed' and c.owner_id <> ${q.listerId}
            and not exists (
              select 1 from ${cards} c2
              where c2.owner_id = c.owner_id and c2.card_info_id = ${q.cardInfoId} and c2.status <> 'consumed'
            )
          order by c.owner_id
          limit ${q.cap}
        ),
        held as (
          select distinct c.owner_id as user_id, c.card_info_id from ${cards} c
          join u on u.user_id = c.owner_id join t on t.id = c.card_info_id
          where c.status <> 'consumed'
        )
        select u.user_id,
          count(*) filter (where h.card_info_id is null)::int as missing,
          count(*) filter (where h.card_info_id is null and not exists (
            select 1 from ${listings} l
            where l.card_info_id = t.id and l.sell_type = ${sellTypeSql('sell')} and l.status = 'active'
              and l.expires_at > ${now} and l.user_id <> u.user_id
          ))::int as unavailable,
          bool_or(exists (
            select 1 from ${listings} l
            where l.card_info_id = ${q.cardInfoId} and l.sell_type = ${sellTypeSql('sell')} and l.status = 'active'
              and l.expires_at > ${now} and l.user_id <> u.user_id and l.id <> ${q.listingId}
          )) as had_listed
        from u cross join t
        left join held h on h.user_id = u.user_id and h.card_info_id = t.id
        group by u.user_id`);
      const rows = (result as unknown as { rows: CandidateRow[] }).rows;
      return rows.map((r) => ({
        userId: r.user_id,
        missing: Number(r.missing),
        unavailable: Number(r.unavailable),
        hadListed: Boolean(r.had_listed),
      }));
    },
  };
}
export type AlertsReadModel = ReturnType<typeof createAlertsReadModel>;
