import { eq } from 'drizzle-orm';
import type { CostRule, SaleWay } from '../../shared/sale-ways';
import type { PayOrder, PayOrderType } from '../../shared/schemas/pay-orders';
import { newId } from '../adapters/ids';
import { cardInfos, products, themes, type saleItems, type sales } from '../db/schema';
import { freshKey, trader } from '../modules/market/market.fixtures';
import { signInOperator } from '../testing/operator';
import type { TestApp } from '../testing/test-app';
import { SELL_TYPE, type ListingSide } from '../../shared/market-labels';

/**
 * The consistency matrix's set-up (issue 44): users, catalogue rows and the calls a buyer makes, through the real HTTP
 * API where a user would act. Catalogue rows are inserted as the other API tests' fixtures insert them.
 */

/* ---- the matrix's readers' shapes (sale-views-readers.ts, sale-views-office.ts) ---- */

export const READER_IDS = [
  'buyer history',
  'order detail',
  'seller history',
  'desk',
  'market price',
  'rating',
  'portfolio cost',
  'realised profit',
  'admin listings',
  'dashboard',
  'journal',
  'buyer notice',
  'seller notice',
  'books',
] as const;
export type ReaderId = (typeof READER_IDS)[number];

/** What was there before the trade (taken between a way's set-up and its trade). */
export interface Before {
  saleIds: Set<string>;
  today: { sales: number; gmv: number; fees: number };
  sellerRealised: number | null;
  noticeIds: { buyer: Set<string>; seller: Set<string> };
}

/** What the trade wrote in the sales table: its new sales of the buyer, and the one of this trade with its units. */
export interface Seen {
  before: Before;
  newSales: (typeof sales.$inferSelect)[];
  sale: typeof sales.$inferSelect | null;
  units: (typeof saleItems.$inferSelect)[];
}

export interface Reader {
  id: ReaderId;
  /** The calls it makes, for the report. */
  asks: string;
  check(k: Kit, t: Trade, seen: Seen): Promise<string[]>;
}

/** `field: answered X, expected Y` for each field that differs. */
export function differ(what: string, got: Record<string, unknown>, want: Record<string, unknown>): string[] {
  return Object.entries(want)
    .filter(([f, v]) => JSON.stringify(got[f]) !== JSON.stringify(v))
    .map(([f, v]) => `${what}: ${f} ${JSON.stringify(got[f])}, expected ${JSON.stringify(v)}`);
}

/**
 * The listing's own sales, as the desk and the back office list them (decision 049): this trade's, with its way, price
 * and fee, and the other party (the buyer of a sell listing, the seller into a bid).
 */
export function listingSale(what: string, row: { sales?: unknown }, t: Trade, seen: Seen): string[] {
  const sales = (row.sales ?? []) as {
    id: string;
    way: string;
    price: number;
    fee: number;
    counterparty: { id: string };
  }[];
  const own = sales.find((x) => x.id === seen.sale?.id);
  if (!own) return [`${what}: the listing's sales ${JSON.stringify(row.sales)} leave out the sale ${seen.sale?.id}`];
  const other = t.listing!.sellType === 'sell' ? t.buyer : t.seller!;
  const got = { way: own.way, price: own.price, fee: own.fee, counterparty: own.counterparty.id };
  return differ(`${what} sale`, got, { way: t.way, price: t.price, fee: t.fee, counterparty: other.userId });
}

/** An answer's data, or the failure as a problem. */
export async function ask<T>(res: Promise<{ status: number; msg: string; data: T }>, what: string, out: string[]) {
  const r = await res;
  if (r.status !== 200) out.push(`${what} answered ${r.status} ${r.msg}`);
  return r.status === 200 ? r.data : null;
}

export type User = { userId: string; token: string; phone: string };
export type Answer<T> = { status: number; code: number; msg: string; data: T };

/** One unit that changed hands, and the cost basis it must have for its new owner. */
export interface Unit {
  itemId: string;
  serial: number | null;
  cost: number;
}

/**
 * The trade a way of trading must have made, declared by the way (the expected values every reader is held to).
 * Amounts in cents; `price` is before any discount, for all units.
 */
export interface Trade {
  way: SaleWay;
  buyer: User;
  /** The user who sold; null when the platform sold or nobody did (a code, a set exchange). */
  seller: User | null;
  item: { kind: 'card' | 'goods'; cardInfoId: string | null; productId: string | null; name: string };
  units: Unit[];
  price: number;
  fee: number;
  discount: number;
  costRule: CostRule;
  /** The pay order the buyer's history lists (mall ways) and the sale names; undefined: the sale's is not checked. */
  order?: { no: string; type: PayOrderType; quantity: number } | null;
  /** The listing sold or the bid filled, and its owner (whose desk shows it); null when there was none. */
  listing: { id: string; owner: User; sellType: ListingSide; quantity: number } | null;
  /** The unit's cost basis for the seller before the sale (their realised profit is price − fee − this). */
  sellerCost: number;
  /** The ledger posting that books the sale's money (decision 049); null when no money moved. */
  postingKind: string | null;
  /** Card infos / products whose market price the trade feeds (between users) or must leave alone (the others). */
  priced: { kind: 'card' | 'goods'; id: string }[];
  /** What the buyer's and the seller's notification of the sale must say (all of it, in its title or body). */
  notices: { buyer?: string[]; seller?: string[] };
}

/** A way made in two steps, so the readers' state can be taken between its set-up and its trade. */
export interface Staged {
  buyer: User;
  seller: User | null;
  trade(): Promise<Trade>;
}

export type Kit = ReturnType<typeof saleViewsKit>;

let seq = 0;
const nextId = (prefix: string) => `sv${prefix}${Date.now().toString(36)}${seq++}`;

/** The helpers the ways and the readers use on one test app. */
export function saleViewsKit(t: TestApp, operator: User) {
  const call = async <T>(method: 'GET' | 'POST', path: string, u: User | null, payload?: unknown, key = false) => {
    const headers = key ? { 'Idempotency-Key': freshKey() } : undefined;
    return method === 'GET'
      ? t.call<T>('GET', path, { token: u?.token, query: payload as Record<string, string>, headers })
      : t.call<T>('POST', path, { token: u?.token, body: payload, headers });
  };
  /** A set-up step that must work: its answer's data, or an error naming the call. */
  const must = async <T>(res: Promise<Answer<T>>, what: string): Promise<T> => {
    const r = await res;
    if (r.status !== 200) throw new Error(`set-up: ${what} answered ${r.status} ${r.msg}`);
    return r.data;
  };
  const kit = {
    t,
    operator,
    get: <T>(u: User | null, path: string, query: Record<string, string | number> = {}) =>
      call<T>('GET', path, u, Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))),
    post: <T>(u: User | null, path: string, body: unknown, idempotent = false) =>
      call<T>('POST', path, u, body, idempotent),
    must,
    /** A verified user with a payout account: may buy, sell and bid. */
    user: () => trader(t) as Promise<User>,

    /** A theme of card infos (`price` null: not sold in the mall) and, optionally, its B card; answers their ids. */
    async theme(name: string, cards: { name: string; price: number | null; edition: number }[], bCard?: string) {
      const themeId = nextId('thm');
      await t.db.insert(themes).values({ id: themeId, name, cover: '/media/t.svg' });
      const ids = cards.map(() => nextId('ci'));
      await t.db.insert(cardInfos).values(
        cards.map((c, i) => ({
          id: ids[i]!,
          themeId,
          name: c.name,
          image: '/media/c.svg',
          rarity: 'SR' as const,
          editionSize: c.edition,
          priceCents: c.price,
          perUserLimit: 5,
          sort: i,
        })),
      );
      let bCardId: string | null = null;
      if (bCard) {
        bCardId = nextId('ci');
        await t.db.insert(cardInfos).values({
          id: bCardId,
          themeId,
          name: bCard,
          image: '/media/b.svg',
          rarity: 'UR',
          editionSize: 5,
          isBCard: true,
        });
        await t.db.update(themes).set({ bCardInfoId: bCardId }).where(eq(themes.id, themeId));
      }
      return { themeId, cards: ids, bCardId };
    },

    /** One card info of a theme of its own. */
    card: async (name: string, price: number | null, edition = 100) =>
      (await kit.theme(`${name}系列`, [{ name, price, edition }])).cards[0]!,

    /** A physical product on sale in the mall. */
    async product(name: string, price: number) {
      const id = newId('prd');
      await t.db.insert(products).values({ id, type: 1, name, images: ['/media/p.svg'], priceCents: price, stock: 50 });
      return id;
    },

    /** `payOrder/create` with an Idempotency-Key. */
    order: (u: User, body: Record<string, unknown>) =>
      must(kit.post<PayOrder>(u, 'payOrder/create', body, true), 'payOrder/create'),

    /** Pays a pay order at the sandbox checkout (確認付款), as the buyer would, and answers it as payCheck shows it. */
    async paySandbox(u: User, orderNo: string): Promise<PayOrder> {
      const res = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` });
      if (res.statusCode !== 303) throw new Error(`set-up: sandbox confirm of ${orderNo} answered ${res.statusCode}`);
      const paid = await must(kit.get<PayOrder>(u, 'payOrder/payCheck', { orderNo }), 'payOrder/payCheck');
      if (paid.status !== 'paid') throw new Error(`set-up: ${orderNo} is ${paid.status} after payment`);
      return paid;
    },

    /** A card bought in the mall and paid at the sandbox: answers the card (its cost to `u` is the price). */
    async buyCard(u: User, cardInfoId: string) {
      const order = await kit.order(u, { type: 'card', cardInfoId, quantity: 1 });
      const paid = await kit.paySandbox(u, order.orderNo);
      return { id: paid.cards[0]!.id, serial: paid.cards[0]!.serial, cost: paid.amount };
    },

    /** A sell listing of `u`'s item at `price`: its id. */
    async list(u: User, itemId: string, price: number, kind: 'card' | 'goods' = 'card') {
      const res = await must(
        kit.post<{ listing: { id: string } }>(u, 'market/create', { sell_type: SELL_TYPE.sell, kind, itemId, price }),
        'market/create (sell)',
      );
      return res.listing.id;
    },

    /** A funded bid of `u` for `quantity` copies of a card info at `price` each: its listing id and pay order. */
    async bid(u: User, cardInfoId: string, price: number, quantity = 1) {
      const res = await must(
        kit.post<{ listing: { id: string }; orderNo: string }>(
          u,
          'market/create',
          { sell_type: SELL_TYPE.buy, kind: 'card', cardInfoId, price, quantity },
          true,
        ),
        'market/create (bid)',
      );
      await kit.paySandbox(u, res.orderNo);
      return { id: res.listing.id, orderNo: res.orderNo };
    },
  };
  return kit;
}

/** The matrix's operator, for the back office's readers. */
export const matrixOperator = (t: TestApp) => signInOperator(t) as Promise<User>;
