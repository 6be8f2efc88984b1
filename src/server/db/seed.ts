import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import {
  articles,
  banners,
  cardEvents,
  cardInfos,
  cards,
  privacyPolicies,
  products,
  saleItems,
  sales,
  searchDocs,
  themes,
  users,
} from './schema';
import { docTokens, normalise, type SearchDocKind } from '../../shared/search-text';
import { DEMO_CARDS, DEMO_PRODUCTS, DEMO_THEMES, cardImage, productImages, themeCover } from './demo/catalogue-data';
import { DEMO_ARTICLES, DEMO_BANNERS, PRIVACY_POLICY, articleCover, bannerImage } from './demo/content-data';

const HOUR = 3600_000;

/**
 * Collectors who bought the demo's earlier drops, so minted counts have real owners and
 * provenance. Their numbers are not valid mobile numbers: nobody can sign in as them.
 */
export const DEMO_COLLECTORS = [
  { id: 'usr_demo_night', phone: '+85200000001', nickname: '夜景獵人' },
  { id: 'usr_demo_tea', phone: '+85200000002', nickname: '奶茶控' },
  { id: 'usr_demo_qilin', phone: '+85200000003', nickname: '麒麟收藏家' },
];

/**
 * The demo's operator (README "Back office"): named by ADMIN_PHONES by default only on the embedded
 * database with the demo content and no ADMIN_PHONES of its own, so a first `npm start` can open
 * /admin; never with DATABASE_URL, where an unset ADMIN_PHONES names nobody.
 */
export const DEMO_OPERATOR_PHONE = '+85261000000';

/**
 * The demo's operator account (no role stored: the demo configuration names its phone in
 * ADMIN_PHONES, which grants `admin` at sign-in; see DEMO_OPERATOR_PHONE).
 */
export const DEMO_OPERATOR = { id: 'usr_demo_operator', phone: DEMO_OPERATOR_PHONE, nickname: '寶庫營運' };

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

// A demo record names its columns as its table does (what only draws its art, such as a glyph, is no column and is
// not inserted); each insert adds what is derived from it.
async function seedCatalogue(tx: Tx, now: Date) {
  const at = (offset: number | undefined) => (offset === undefined ? null : new Date(now.getTime() + offset));
  await tx.insert(users).values(
    [...DEMO_COLLECTORS, DEMO_OPERATOR].map((u) => ({
      ...u,
      createdAt: new Date(now.getTime() - 30 * 24 * HOUR),
      updatedAt: now,
    })),
  );
  await tx.insert(themes).values(DEMO_THEMES.map((t) => ({ ...t, cover: themeCover(t), createdAt: now })));
  await tx.insert(cardInfos).values(
    DEMO_CARDS.map((c) => ({
      ...c,
      image: cardImage(c),
      minted: c.minted ?? 0,
      priceCents: c.isBCard ? null : (c.priceCents ?? null),
      // Priced cards without a start went on sale a day before the seed ran.
      saleStartsAt: c.priceCents ? at(c.startsIn ?? -24 * HOUR) : null,
      saleEndsAt: c.priceCents ? at(c.endsIn) : null,
      rights: c.rights ?? [],
      isBCard: c.isBCard ?? false,
      createdAt: now,
    })),
  );

  // The editions already sold, owned by the demo collectors in turn, each with its mint event and its sale (decision
  // 049: bought before the demo's books begin, so with no pay order or posting; each costs its drop's price).
  const cardRows: (typeof cards.$inferInsert)[] = [];
  const eventRows: (typeof cardEvents.$inferInsert)[] = [];
  const saleRows: (typeof sales.$inferInsert)[] = [];
  const unitRows: (typeof saleItems.$inferInsert)[] = [];
  for (const c of DEMO_CARDS) {
    const started = now.getTime() + (c.startsIn ?? -24 * HOUR);
    for (let serial = 1; serial <= (c.minted ?? 0); serial++) {
      const id = `card_${c.id.slice(3)}_${String(serial).padStart(4, '0')}`;
      const owner = DEMO_COLLECTORS[serial % DEMO_COLLECTORS.length]!.id;
      // Spread the purchases over the hour after the drop opened.
      const when = new Date(Math.min(now.getTime() - 60_000, started + serial * 20_000));
      cardRows.push({
        id,
        cardInfoId: c.id,
        serial,
        ownerId: owner,
        status: 'held',
        acquiredVia: 'drop',
        acquiredAt: when,
        createdAt: when,
      });
      eventRows.push({
        id: `cev_${id.slice(5)}`,
        cardId: id,
        kind: 'minted',
        via: 'drop',
        toUserId: owner,
        priceCents: c.priceCents ?? null,
        refId: 'demo_seed',
        createdAt: when,
      });
      const price = c.priceCents ?? 0;
      saleRows.push({
        id: `sale_${id.slice(5)}`,
        way: price > 0 ? 'drop' : 'code',
        kind: 'card',
        buyerId: owner,
        cardInfoId: c.id,
        themeId: c.themeId,
        itemName: c.name,
        itemImage: cardImage(c),
        rarity: c.rarity,
        quantity: 1,
        price,
        sourceKind: 'card_info',
        sourceId: c.id,
        createdAt: when,
      });
      unitRows.push({
        saleId: `sale_${id.slice(5)}`,
        itemId: id,
        serial,
        editionSize: c.editionSize,
        cost: price,
        costRule: price > 0 ? 'paid' : 'code',
      });
    }
  }
  await insertChunked(cardRows, (chunk) => tx.insert(cards).values(chunk));
  await insertChunked(eventRows, (chunk) => tx.insert(cardEvents).values(chunk));
  await insertChunked(saleRows, (chunk) => tx.insert(sales).values(chunk));
  await insertChunked(unitRows, (chunk) => tx.insert(saleItems).values(chunk));

  await tx.insert(products).values(
    DEMO_PRODUCTS.map((p) => ({
      ...p,
      images: productImages(p),
      sold: p.sold ?? 0,
      saleStartsAt: at(p.startsIn ?? -24 * HOUR),
      rights: p.rights ?? [],
      createdAt: now,
    })),
  );
}

/** The search docs of the demo's names (docs/decisions/031-search-index.md), as the search module writes them. */
async function seedSearchDocs(tx: Tx) {
  const doc = (kind: SearchDocKind, r: { id: string; name: string; nameEn?: string }) => ({
    kind,
    refId: r.id,
    title: normalise(r.name),
    tokens: docTokens(kind, [r.name, r.nameEn]),
  });
  await tx
    .insert(searchDocs)
    .values([
      ...DEMO_THEMES.map((t) => doc('theme', t)),
      ...DEMO_CARDS.map((c) => doc('card', c)),
      ...DEMO_PRODUCTS.map((p) => doc('goods', p)),
      ...[...DEMO_COLLECTORS, DEMO_OPERATOR].map((u) => doc('seller', { id: u.id, name: u.nickname })),
    ]);
  // What search counts and sorts on, copied from the rows and their market summaries (migration 0019).
  for (const kind of ['card', 'goods'])
    await tx.execute(sql`SELECT search_doc_sync(${kind}, ARRAY(SELECT ref_id FROM search_docs WHERE kind = ${kind}))`);
}

async function seedContent(tx: Tx, now: Date) {
  await tx.insert(privacyPolicies).values({ ...PRIVACY_POLICY, publishedAt: new Date(now.getTime() - 24 * HOUR) });
  await tx.insert(banners).values(DEMO_BANNERS.map((b) => ({ ...b, image: bannerImage(b) })));
  await tx.insert(articles).values(
    DEMO_ARTICLES.map((a) => ({
      ...a,
      cover: articleCover(a),
      publishedAt: new Date(now.getTime() - a.hoursAgo * HOUR),
    })),
  );
}

/**
 * Loads the demo content (catalogue, collectors' earlier purchases, banners, articles, privacy
 * policy) on first start; does nothing when content already exists. Sale windows are relative to
 * `now`, so a fresh start always has drops on sale and upcoming.
 */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts against one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const existing = await tx.select({ id: privacyPolicies.id }).from(privacyPolicies).limit(1);
    if (existing.length > 0) return false;
    await seedContent(tx, now);
    await seedCatalogue(tx, now);
    await seedSearchDocs(tx);
    return true;
  });
}
