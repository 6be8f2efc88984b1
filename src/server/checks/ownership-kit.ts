import { eq } from 'drizzle-orm';
import { newId } from '../adapters/ids';
import { users } from '../db/schema';
import { addTheme } from '../modules/collection/collection-fixtures';
import { createDrop } from '../modules/pay-orders/pay-orders.fixtures';
import type { TestApp } from '../testing/test-app';

/**
 * The shape of an ownership entry (see ownership.ts for what each field means) and the set-up steps the entries of
 * ownership*.ts share.
 */
export type OwnershipKind = 'private' | 'public-view' | 'public';

export interface TestUser {
  userId: string;
  token: string;
  phone: string;
}

export interface OwnershipEntry {
  /** `GET /api/payOrder/info` */
  route: string;
  /** The id-like field, in the query string (GET) or the body (POST). */
  param: string;
  kind: OwnershipKind;
  /** Makes the object as `owner` and answers the id the route takes (a list for a field of ids, e.g. `goodsIds`). */
  create(t: TestApp, owner: TestUser): Promise<string | string[]>;
  /** Paths in the owner's answer data (`cards.id`, `provenance.priceCents`) that are the owner's alone. */
  privateFields: string[];
  /** The rest of a valid request, besides the id (`create` may fill it in, e.g. the owner's address). */
  extra?: Record<string, unknown>;
  /** Headers of a valid request (a fresh Idempotency-Key…). */
  headers?: () => Record<string, string>;
}

type Create = OwnershipEntry['create'];

/** An entry in one line: the route, its id field, the kind, how the object is made, and the owner's fields. */
export const entry = (
  route: string,
  param: string,
  kind: OwnershipKind,
  create: Create,
  privateFields: string[],
  more: Pick<OwnershipEntry, 'extra' | 'headers'> = {},
): OwnershipEntry => ({ route, param, kind, create, privateFields, ...more });

/**
 * An entry for a route whose request names two of the owner's objects (goods and the address to send them to):
 * `make` makes both and answers the request's fields; `param` is the one checked, the others go in `extra`.
 */
export function alongside(
  route: string,
  param: string,
  kind: OwnershipKind,
  make: (t: TestApp, owner: TestUser) => Promise<Record<string, unknown>>,
  privateFields: string[],
  extra: Record<string, unknown> = {},
): OwnershipEntry {
  const create: Create = async (t, owner) => {
    const { [param]: id, ...others } = await make(t, owner);
    Object.assign(extra, others);
    return id as string | string[];
  };
  return { route, param, kind, create, privateFields, extra };
}

let keySeq = 0;
/** A fresh Idempotency-Key header. */
export const idempotency = () => ({ 'idempotency-key': `ownership-${Date.now()}-${keySeq++}` });

/** A set-up call through the API as `token`; anything but a 200 stops the check. Answers the envelope's data. */
export async function setUp<T>(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await t.call<T>(method, path, { token, body, headers });
  if (res.status !== 200) throw new Error(`set-up: ${path} answered ${res.status} ${res.msg}`);
  return res.data;
}

/** Makes the user an operator (the roles are read again on their next request). */
export async function makeOperator(t: TestApp, user: TestUser) {
  await t.db
    .update(users)
    .set({ roles: ['user', 'admin'] })
    .where(eq(users.id, user.userId));
  t.app.services.auth.sessionsChanged(user.userId);
}

let phoneSeq = 0;
/** A fresh customer with a live session. */
export async function customer(t: TestApp): Promise<TestUser> {
  const phone = `+8526${String((Date.now() + phoneSeq++) % 10_000_000).padStart(7, '0')}`;
  const { id } = await t.app.services.auth.ensureUser(phone);
  return { userId: id, token: (await t.app.services.auth.startSession(id)).token, phone };
}

/** A fresh theme with one card info. */
export async function newCardInfo(t: TestApp): Promise<{ themeId: string; cardInfoId: string }> {
  const themeId = newId('thm');
  await addTheme(t, themeId, [{ id: `${themeId}_c1` }]);
  return { themeId, cardInfoId: `${themeId}_c1` };
}

/** A card drop on sale since an hour ago: 100 editions, 5 a buyer. */
export const openDrop = (t: TestApp) =>
  createDrop(t.db, { editionSize: 100, perUserLimit: 5, saleStartsAt: new Date(t.clock.now().getTime() - 3600_000) });

/** A pending order of `buyer` for one edition of `cardInfoId` (a fresh drop by default). */
export async function cardOrder(t: TestApp, buyer: TestUser, cardInfoId?: string): Promise<string> {
  const body = { type: 'card', cardInfoId: cardInfoId ?? (await openDrop(t)), quantity: 1 };
  return (await setUp<{ orderNo: string }>(t, buyer.token, 'POST', 'payOrder/create', body, idempotency())).orderNo;
}
