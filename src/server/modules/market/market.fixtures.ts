import { hkidCheckDigit } from '../../../shared/identity';
import { createVault } from '../../adapters/vault';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { cardEvents, cards, goods, identities, listings, payoutAccounts } from '../../db/schema';
import { createBuyers } from '../pay-orders/pay-orders.fixtures';
import type { TestApp } from '../../testing/test-app';
import { give, signIn } from '../collection/collection-fixtures';

/** Market test set-up: verified traders with payout accounts, cards to sell (test helper, not app code). */

let idSeq = 100_000 + Math.floor(Math.random() * 800_000);

/** A valid HKID no other fixture uses: `A123456(3)`. */
export function freshHkid(): string {
  const digits = String(idSeq++).padStart(6, '0');
  return `Z${digits}(${hkidCheckDigit('Z', digits)})`;
}

export async function verify(t: TestApp, user: { token: string }) {
  const res = await t.call('POST', 'userIdInfo/verify', {
    token: user.token,
    body: { name: '陳大文', idType: 'hkid', idNumber: freshHkid() },
  });
  if (res.status !== 200) throw new Error(`set-up: verify answered ${res.status} ${res.msg}`);
}

/** A payout account stored as payment/update would (its SMS flow has its own tests). */
export async function addPayoutAccount(t: TestApp, userId: string) {
  const sealed = createVault(t.app.deps.keys).seal('payout', '004123456789');
  await t.db.insert(payoutAccounts).values({
    userId,
    method: 'bank',
    accountName: 'CHAN TAI MAN',
    accountNoCipher: sealed.cipher,
    keyId: sealed.keyId,
    accountNoMasked: '****6789',
    updatedAt: t.clock.now(),
  });
}

/** A signed-in, verified user with a payout account. */
export async function trader(t: TestApp) {
  const u = await signIn(t);
  await verify(t, u);
  await addPayoutAccount(t, u.userId);
  return u;
}

export async function giveCard(t: TestApp, userId: string, cardInfoId: string) {
  const [card] = await give(t, userId, cardInfoId);
  return card!.id;
}

let keySeq = 0;
export const freshKey = () => `mkt-${Date.now()}-${keySeq++}`;

/** `n` signed-in users marked verified in bulk (race tests and benchmarks; the verify flow has its own tests). */
export async function verifiedBuyers(t: TestApp, n: number) {
  const buyers = await createBuyers(t.db, n, t.clock.now());
  const vault = createVault(t.app.deps.keys);
  for (let i = 0; i < buyers.length; i += 500) {
    await t.db.insert(identities).values(
      buyers.slice(i, i + 500).map((b) => {
        const number = vault.seal('identity', b.id);
        return {
          id: `idn_${b.id}`,
          userId: b.id,
          idType: 'passport' as const,
          nameCipher: number.cipher,
          numberCipher: number.cipher,
          keyId: number.keyId,
          numberHash: vault.hash(`passport:${b.id}`),
          nameMasked: '測*',
          numberMasked: 'P1****',
          verifiedAt: t.clock.now(),
          createdAt: t.clock.now(),
        };
      }),
    );
  }
  return buyers;
}

/** Open (active or reserved) listings (property tests). */
export const openListings = (t: TestApp) =>
  t.db
    .select()
    .from(listings)
    .where(inArray(listings.status, ['active', 'reserved']));

/** Owners of numbered cards and goods (the property test's "exactly one owner" check). */
export async function itemOwners(t: TestApp) {
  const c = await t.db
    .select({ id: cards.id, ownerId: cards.ownerId, status: cards.status })
    .from(cards)
    .where(gt(cards.serial, 0));
  const g = await t.db.select({ id: goods.id, ownerId: goods.ownerId, status: goods.status }).from(goods);
  return [...c, ...g];
}

/** How many times a card has changed hands (its `transferred` events): the race tests' "moved exactly once". */
export const transfersOf = async (t: TestApp, cardId: string) =>
  (
    await t.db
      .select()
      .from(cardEvents)
      .where(and(eq(cardEvents.cardId, cardId), eq(cardEvents.kind, 'transferred')))
  ).length;
