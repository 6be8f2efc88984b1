import { addPayoutAccount, giveCard, trader, verify } from '../modules/market/market.fixtures';
import { credit } from '../modules/offers/offers.fixtures';
import type { TestApp } from '../testing/test-app';
import { alongside, entry, newCardInfo, setUp } from './ownership-kit';
import type { OwnershipEntry, TestUser } from './ownership-kit';
import { SELL_TYPE } from '../../shared/market-labels';

/** Offers' routes that take ids (issue 24; see ownership.ts for the fields). */

const freshCard = async (t: TestApp, ownerId: string) => giveCard(t, ownerId, (await newCardInfo(t)).cardInfoId);
const offerBody = { kind: 'card', price: 5_000, expiresInHours: 24 };

/** The owner made a verified buyer with money, and a third trader's card they may offer on. */
async function othersCard(t: TestApp, owner: TestUser): Promise<string> {
  await verify(t, owner);
  await credit(t, owner.userId, 20_000);
  return freshCard(t, (await trader(t)).userId);
}

/** The owner, a buyer, with an open offer on a third trader's card. */
async function madeOffer(t: TestApp, owner: TestUser): Promise<string> {
  const itemId = await othersCard(t, owner);
  return (await setUp<{ id: string }>(t, owner.token, 'POST', 'offer/create', { ...offerBody, itemId })).id;
}

/** The owner, a seller (verified, payout account), with a third trader's open offer on their card. */
async function receivedOffer(t: TestApp, owner: TestUser): Promise<string> {
  await verify(t, owner);
  await addPayoutAccount(t, owner.userId);
  const itemId = await freshCard(t, owner.userId);
  const buyer = await trader(t);
  await credit(t, buyer.userId, 20_000);
  return (await setUp<{ id: string }>(t, buyer.token, 'POST', 'offer/create', { ...offerBody, itemId })).id;
}

/** The owner, a buyer with money, and a third trader's active sell listing. */
async function othersListing(t: TestApp, owner: TestUser) {
  await verify(t, owner);
  await credit(t, owner.userId, 20_000);
  const seller = await trader(t);
  const card = await freshCard(t, seller.userId);
  const body = { sell_type: SELL_TYPE.sell, kind: 'card', itemId: card, price: 9_000 };
  const listing = await setUp<{ listing: { id: string } }>(t, seller.token, 'POST', 'market/create', body);
  return { listingId: listing.listing.id, itemId: card };
}

const ownCard = async (t: TestApp, owner: TestUser) => freshCard(t, owner.userId);

export const OFFER_OWNERSHIP: OwnershipEntry[] = [
  // Any held card of another user takes offers: B (not verified) is refused, A gets their own offer.
  entry('POST /api/offer/create', 'itemId', 'public', othersCard, ['id'], { extra: offerBody }),
  alongside('POST /api/offer/create', 'listingId', 'public', othersListing, ['id'], offerBody),
  // Only the offer's buyer and owner see or answer it.
  entry('GET /api/offer/detail', 'id', 'private', madeOffer, ['id', 'price']),
  entry('POST /api/offer/cancel', 'id', 'private', madeOffer, ['id']),
  entry('POST /api/offer/counter', 'id', 'private', receivedOffer, ['id'], { extra: { price: 8_000 } }),
  entry('POST /api/offer/accept', 'id', 'private', receivedOffer, ['id']),
  entry('POST /api/offer/decline', 'id', 'private', receivedOffer, ['id']),
  // Whether an item takes an offer is public (the public card page asks); it says nothing of the owner's settings
  // beyond yes or no.
  entry('GET /api/offer/availability', 'itemId', 'public-view', ownCard, [], { extra: { kind: 'card' } }),
  // An item's offer settings are its owner's alone.
  entry('GET /api/offer/settings', 'itemId', 'private', ownCard, [], { extra: { kind: 'card' } }),
  entry('POST /api/offer/settings', 'itemId', 'private', ownCard, [], {
    extra: { kind: 'card', allowOffers: false, autoDeclinePct: 60 },
  }),
];
