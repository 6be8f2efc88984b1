import type { PayOrderInput, PayOrderType } from '../../../shared/schemas/pay-orders';
import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { PayOrderFulfilment, PayOrderRow } from './pay-orders.repository';

/** The item columns of a new order, as its type's handler reserved them. */
export interface ReservedItem {
  cardInfoId?: string | null;
  productId?: string | null;
  listingId?: string | null;
  itemName: string;
  itemImage: string;
  unitPriceCents: number;
  /**
   * The contended part of the reservation (a drop's one supply row), left for last: called after the
   * order row is inserted and **not awaited inside the transaction**: its statement goes out at once and
   * the commit right behind it on the same connection (pipelined), so the row lock it takes is held for
   * the database's work only, not for a round trip to this process. Its statement must fail (not match
   * nothing) when the units are gone, so that the transaction rolls back, order row included; the
   * promise then rejects with the 409, and the ordering flow awaits it once the transaction returned.
   */
  claim?: () => Promise<void>;
}

/** What `availability` found: the refusal anyone would get now, and whatever the type keeps for `reserve`. */
export interface Availability {
  refusal(now: Date): AppError | null;
}

/**
 * How one order type finds, reserves, releases and delivers what it buys. The ordering and
 * settlement flows are the same for every type; a new type (the market's `market` and `bid`)
 * registers its handler and changes nothing else.
 */
export interface OrderTypeHandler<I extends PayOrderInput = PayOrderInput> {
  /** The id of the item an order request is for (card info, product, listing). */
  itemId(input: I): string;
  /**
   * A cheap read outside any transaction, made before the idempotency key is looked up: the 409
   * anyone would get for this item right now, so a sold-out drop is refused without a transaction.
   */
  availability(db: Executor, itemId: string): Promise<Availability>;
  /**
   * A refusal known without any query (a sold-out flag), checked first, before the caller's session is even
   * looked up; null to go on to the database. Must never refuse the retry of an order of the item (its
   * Idempotency-Key), which must get the order back.
   */
  refusalFromMemory?(itemId: string, idempotencyKey: string): AppError | null;
  /**
   * Read-only statements `reserve` will need, sent (not awaited) with the buyer's lock and the key lookup, in the
   * same write, before it is known whether the request is the retry of an existing order: `reserve`, if it runs,
   * takes their answers up (by `checked`). They run once the buyer's lock is held, as `reserve`'s own reads would.
   */
  readAhead?(tx: Tx, input: { buyerId: string; itemId: string }, checked: Availability): void;
  /**
   * Checks the buyer may order `quantity` and reserves it, inside the buyer's locked transaction; a 409 in zh-HK
   * otherwise. `checked` is what `availability` answered for this request moments before (a mall item reuses
   * the sale rules it read instead of reading them again; the claim judges the stock).
   */
  reserve(
    tx: Tx,
    input: { buyerId: string; itemId: string; quantity: number; orderNo: string },
    now: Date,
    checked: Availability,
  ): Promise<ReservedItem>;
  /** Gives a pending order's reservation back; false when it was not held. */
  release(tx: Tx, order: PayOrderRow): Promise<boolean>;
  /** Told after the commit of a transaction that released `order` (sold-out flags are cleared then). */
  afterRelease?(order: PayOrderRow): void;
  /** Delivers what a paid order bought (exactly once: called on the pending → paid transition only). */
  fulfil(tx: Tx, order: PayOrderRow): Promise<PayOrderFulfilment>;
}

/** The create request of one order type. */
export type OrderInput<T extends PayOrderType> = Extract<PayOrderInput, { type: T }>;

export type OrderTypeRegistry = ReturnType<typeof createOrderTypeRegistry>;

export function createOrderTypeRegistry() {
  const handlers = new Map<PayOrderType, OrderTypeHandler>();
  return {
    register<T extends PayOrderType>(type: T, handler: OrderTypeHandler<OrderInput<T>>): void {
      if (handlers.has(type)) throw new Error(`pay order type ${type} already has a handler`);
      // Safe: the registry hands each handler only inputs of its own type (see `get`).
      handlers.set(type, handler as unknown as OrderTypeHandler);
    },
    get(type: PayOrderType): OrderTypeHandler {
      const h = handlers.get(type);
      // Only reachable if a row of a type this build cannot settle exists: a bug, so a 500.
      if (!h) throw new AppError('internal', `no handler for pay order type ${type}`);
      return h;
    },
  };
}
