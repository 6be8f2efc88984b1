import { createPoolCards, packSeriesBody } from '../modules/packs/packs.fixtures';
import type { TestApp } from '../testing/test-app';
import { entry, idempotency, makeOperator, setUp } from './ownership-kit';
import type { OwnershipEntry, TestUser } from './ownership-kit';

/*
 * Mystery packs (issue 25, decision 043): a series is public (anyone sees its odds and draws, anyone may buy it); a
 * pack order is its buyer's alone (another user's open is a 404); the back office's series answer a non-operator 404.
 */

/** A series on sale, made by the owner as an operator through the back office. */
async function series(t: TestApp, owner: TestUser): Promise<string> {
  await makeOperator(t, owner);
  const [n, sr] = await createPoolCards(t.db, [
    { rarity: 'N', editionSize: 50 },
    { rarity: 'SR', editionSize: 10 },
  ]);
  const body = packSeriesBody(
    [
      [n!, 20],
      [sr!, 4],
    ],
    { cardsPerPack: 2, perUserLimit: 5, guarantee: { minRarity: 'SR', every: 3 } },
  );
  return (await setUp<{ id: string }>(t, owner.token, 'POST', 'admin/packs/create', body)).id;
}

/** A paid pack order of the owner (through the sandbox checkout). */
async function paidPack(t: TestApp, owner: TestUser): Promise<string> {
  const seriesId = await series(t, owner);
  const body = { type: 'pack', seriesId, quantity: 1, clientSeed: '權限種子' };
  const { orderNo } = await setUp<{ orderNo: string }>(t, owner.token, 'POST', 'payOrder/create', body, idempotency());
  const res = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` });
  if (res.statusCode !== 303) throw new Error(`set-up: sandbox confirm answered ${res.statusCode}`);
  return orderNo;
}

async function boughtSeries(t: TestApp, owner: TestUser): Promise<string> {
  const orderNo = await paidPack(t, owner);
  const order = await setUp<{ itemId: string }>(t, owner.token, 'GET', `payOrder/info?orderNo=${orderNo}`);
  return order.itemId;
}

export const PACK_OWNERSHIP: OwnershipEntry[] = [
  entry('GET /api/pack/detail', 'id', 'public', series, []),
  // The draws are public, with a pseudonym per buyer: never the buyer's id or phone (checked for every entry).
  entry('GET /api/pack/draws', 'id', 'public', boughtSeries, []),
  entry('POST /api/pack/open', 'orderNo', 'private', paidPack, ['orderNo', 'packs.cards.id', 'clientSeed']),
  entry('POST /api/payOrder/create', 'seriesId', 'public', series, ['orderNo', 'payUrl'], {
    extra: { type: 'pack', quantity: 1 },
    headers: idempotency,
  }),
  entry('GET /api/admin/packs/detail', 'id', 'private', series, []),
  entry('POST /api/admin/packs/update', 'id', 'private', series, [], { extra: { hot: true } }),
  entry('POST /api/admin/packs/close', 'id', 'private', series, []),
];
