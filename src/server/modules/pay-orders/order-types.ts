import type { PayOrderInput, PayOrderType } from '../../../shared/schemas/pay-orders';
import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { PayOrderFulfilment, PayOrderPerk, PayOrderRow } from './pay-orders.repository';

/** The item columns of a new order, as its type reserved them. */
export interface ReservedItem {
  cardInfoId?: string | null;
  productId?: string | null;
  listingId?: string | null;
  itemName: string;
  itemImage: string;
  unitPriceCents: number;
  /** Optional: what a perk took off the order (decision 029), recorded by the type in the same transaction. */
  discountCents?: number;
  /** The perk that took it off: its title and the card that granted it. */
  perk?: PayOrderPerk | null;
  /**
   * Optional: the contended part of the reservation (a drop's one supply row), left for last: called after the
   * order row is inserted and **not awaited inside the transaction**: its statement goes out at once and the commit
   * right behind it on the same connection (pipelined, `withCommit`), so the row lock it takes is held for the
   * database's work only, not for a round trip to this process. Its statement must fail (not match nothing) when
   * the units are gone, so that the transaction rolls back, order row included; the promise then rejects with the
   * 409, and the ordering flow awaits it once the transaction returned (docs/decisions/015, 023).
   */
  claim?: () => Promise<void>;
}

/** What `availability` found: the refusal anyone would get now. A type may add what its `reserve` reuses. */
export interface Availability {
  refusal(now: Date): AppError | null;
}

/**
 * One pay-order type: how it finds, reserves, releases and delivers what it buys (docs/decisions/008). The
 * ordering and settlement flows are the same for every type; a module registers its types with
 * `payOrders.registerOrderType` (the mall: `card`, `product`; the market: `market`, `bid`) and changes nothing else.
 *
 * The flow of `payOrder/create`, in order, with the optional steps any type may implement:
 * 1. `refusalFromMemory` (optional), before the caller's session is looked up;
 * 2. `availability`, outside any transaction; its answer (`A`) is handed to `readAhead` and `reserve`;
 * 3. in the buyer's transaction: the buyer's lock, the key lookup and `readAhead` (optional) sent together; what
 *    `readAhead` returns (`R`) is handed to `reserve`;
 * 4. `reserve`, then the order's insert and the answer's `claim` (optional) sent with the commit;
 * then, in settlement: `fulfil` once paid, or `release` and, after the commit, `afterRelease` (optional).
 */
export interface OrderType<
  I extends PayOrderInput = PayOrderInput,
  A extends Availability = Availability,
  R = unknown,
> {
  /** The id of the item an order request is for (card info, product, listing). */
  itemId(input: I): string;
  /**
   * Optional: a refusal known without any query (a sold-out flag), checked first, before the caller's session is
   * even looked up; null to go on to the database. Must never refuse the retry of an order of the item (its
   * Idempotency-Key), which must get the order back.
   */
  refusalFromMemory?(itemId: string, idempotencyKey: string): AppError | null;
  /**
   * A cheap read outside any transaction, made before the idempotency key is looked up: the 409 anyone would get
   * for this item right now, so a sold-out drop is refused without a transaction. What else it answers (the sale
   * rules it read) is handed to `readAhead` and `reserve` of the same request.
   */
  availability(db: Executor, itemId: string): Promise<A>;
  /**
   * Optional: read-only statements `reserve` will need, sent (not awaited) with the buyer's lock and the key lookup,
   * in the same write, before it is known whether the request is the retry of an existing order. They run once the
   * buyer's lock is held, as `reserve`'s own reads would. What it returns (e.g. the pending answer) is handed to
   * `reserve` as `ahead`; when the request is a retry nobody takes it up, so a promise must handle its own rejection.
   */
  readAhead?(tx: Tx, input: { buyerId: string; itemId: string }, checked: A): R;
  /**
   * Checks the buyer may order `quantity` and reserves it, inside the buyer's locked transaction; a 409 in zh-HK
   * otherwise. `checked` is what `availability` answered for this request moments before (a mall item reuses the
   * sale rules it read instead of reading them again; the claim judges the stock); `ahead` is what `readAhead`
   * returned (undefined when the type has none). `request` is the create request itself (a pack's client seed).
   */
  reserve(
    tx: Tx,
    input: { buyerId: string; itemId: string; quantity: number; orderNo: string; request?: I },
    now: Date,
    checked: A,
    ahead: R | undefined,
  ): Promise<ReservedItem>;
  /** Gives a pending order's reservation back; false when it was not held. */
  release(tx: Tx, order: PayOrderRow): Promise<boolean>;
  /** Optional: told after the commit of a transaction that released `order` (sold-out flags are cleared then). */
  afterRelease?(order: PayOrderRow): void;
  /**
   * Optional: called with a refusal of `payOrder/create` for this type once its transaction has rolled back (nothing
   * is held); answers the error to throw instead (a `set` order's stale quote gets the new quote, decision 042).
   */
  restateRefusal?(err: AppError, input: I, buyerId: string): Promise<AppError>;
  /** Delivers what a paid order bought (exactly once: called on the pending → paid transition only). */
  fulfil(tx: Tx, order: PayOrderRow): Promise<PayOrderFulfilment>;
}

/** The create request of one order type. */
export type OrderInput<T extends PayOrderType> = Extract<PayOrderInput, { type: T }>;

export type OrderTypeRegistry = ReturnType<typeof createOrderTypeRegistry>;

export function createOrderTypeRegistry() {
  const types = new Map<PayOrderType, OrderType>();
  return {
    register<T extends PayOrderType, A extends Availability, R>(
      type: T,
      orderType: OrderType<OrderInput<T>, A, R>,
    ): void {
      if (types.has(type)) throw new Error(`pay order type ${type} already has a handler`);
      // Safe: the registry hands each type only inputs of its own type (see `get`), and its own answers back.
      types.set(type, orderType as unknown as OrderType);
    },
    get(type: PayOrderType): OrderType {
      const h = types.get(type);
      // Only reachable if a row of a type this build cannot settle exists: a bug, so a 500.
      if (!h) throw new AppError('internal', `no handler for pay order type ${type}`);
      return h;
    },
  };
}
