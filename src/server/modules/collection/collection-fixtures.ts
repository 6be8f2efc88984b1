import { eq } from 'drizzle-orm';
import type { Right } from '../../db/schema';
import { cardInfos, themes } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';

/** Catalogue rows and signed-in users for the collection tests (test helper, not app code). */
export async function addTheme(
  t: TestApp,
  id: string,
  cards: {
    id: string;
    name?: string;
    rarity?: 'N' | 'R' | 'SR' | 'SSR' | 'UR';
    editionSize?: number;
    rights?: Right[];
  }[],
  bCard?: { id: string; editionSize?: number; rights?: Right[] },
) {
  await t.db.insert(themes).values({ id, name: `卡冊 ${id}`, cover: `/media/${id}.svg`, bCardInfoId: null });
  await t.db.insert(cardInfos).values(
    cards.map((c, i) => ({
      id: c.id,
      themeId: id,
      name: c.name ?? `卡牌 ${c.id}`,
      image: `/media/${c.id}.svg`,
      rarity: c.rarity ?? 'N',
      editionSize: c.editionSize ?? 100,
      rights: c.rights ?? [],
      sort: i,
    })),
  );
  if (bCard) {
    await t.db.insert(cardInfos).values({
      id: bCard.id,
      themeId: id,
      name: `B 卡 ${bCard.id}`,
      image: `/media/${bCard.id}.svg`,
      rarity: 'UR',
      editionSize: bCard.editionSize ?? 10,
      rights: bCard.rights ?? [],
      isBCard: true,
    });
    await t.db.update(themes).set({ bCardInfoId: bCard.id }).where(eq(themes.id, id));
  }
}

let phoneSeq = 0;
/** A fresh user with a session; phones are unique per call. */
export async function signIn(t: TestApp, phone?: string) {
  const p = phone ?? `+85296${String(++phoneSeq).padStart(6, '0')}`;
  const user = await t.app.services.auth.ensureUser(p);
  const session = await t.app.services.auth.startSession(user.id);
  return { userId: user.id, token: session.token, phone: p };
}

/** Mints cards straight to a user (as a drop would), for set-up. */
export async function give(t: TestApp, userId: string, cardInfoId: string, quantity = 1, priceCents?: number) {
  return t.db.transaction(async (tx) => {
    const minted = await t.app.services.cards.mint(tx, {
      cardInfoId,
      ownerId: userId,
      quantity,
      via: 'drop',
      refId: 'test',
      priceCents,
    });
    // A priced gift stands for a drop bought at that price: its sale sets each card's cost (decision 049).
    if (priceCents !== undefined)
      await t.app.services.sales.record(tx, {
        way: 'drop',
        kind: 'card',
        buyerId: userId,
        sellerId: null,
        item: { cardInfoId, itemName: minted[0]!.name, itemImage: minted[0]!.image },
        price: priceCents * quantity,
        source: { kind: 'card_info', id: cardInfoId },
        units: minted.map((c) => ({ itemId: c.id, serial: c.serial, editionSize: c.editionSize })),
        costRule: 'paid',
      });
    return minted;
  });
}
