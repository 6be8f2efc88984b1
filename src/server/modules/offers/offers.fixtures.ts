import type { CreateOfferResult } from '../../../shared/schemas/offers';
import { newId } from '../../adapters/ids';
import type { TestApp } from '../../testing/test-app';
import { addTheme } from '../collection/collection-fixtures';
import { giveCard, trader } from '../market/market.fixtures';
import { accounts } from '../wallet/wallet.service';

/** Offers test set-up (test helper, not app code). */

let seq = 0;

/** A fresh card info (its own theme). */
export async function newCardInfo(t: TestApp): Promise<string> {
  const id = `of${Date.now().toString(36)}${seq++}`;
  await addTheme(t, id, [{ id: `${id}_c1`, name: '火焰龍', rarity: 'SSR' }]);
  return `${id}_c1`;
}

/** Money into a user's wallet balance, as a provider payment would bring it. */
export async function credit(t: TestApp, userId: string, amount: number) {
  await t.db.transaction((tx) =>
    t.app.services.wallet.post(tx, 'test_credit', newId('tc'), [
      { account: accounts.providerClearing, amount: -amount, kind: 'internal' },
      { account: accounts.balance(userId), amount, kind: 'sale', description: 'test' },
    ]),
  );
}

/** A seller's fresh card, and a verified buyer with `balance` in their wallet who offers `price` on it for 48 hours. */
export async function offerOnNewCard(t: TestApp, balance: number, price: number) {
  const seller = await trader(t);
  const buyer = await trader(t);
  await credit(t, buyer.userId, balance);
  const card = await giveCard(t, seller.userId, await newCardInfo(t));
  const made = await t.call<CreateOfferResult>('POST', 'offer/create', {
    token: buyer.token,
    body: { kind: 'card', itemId: card, price, expiresInHours: 48 },
  });
  return { seller, buyer, card, made };
}
