import type { Tx } from './db/client';

/** A card or goods unit leaving its owner's hands by a path of the cards or goods service (not returning). */
export interface ItemDeparture {
  kind: 'card' | 'goods';
  itemId: string;
  /** How: a market sale (any transfer), a set exchange, a delivery. */
  how: 'transferred' | 'consumed' | 'delivery';
}

/** Told of a departure inside the transaction that makes it; a refusal (throw) rolls the departure back. */
export type DepartureHandler = (tx: Tx, departure: ItemDeparture) => Promise<void>;

/**
 * Item departures (decision 040): the cards and goods services report each unit that leaves its owner, inside their
 * transaction; a module that must react (offers: its open offers on the item end and their money goes back) registers
 * a handler when it is constructed. The services below know nothing of who listens, so layers keep pointing down.
 * Built once by the composition root (services.ts); handlers are registered while the services are built, before
 * any request.
 */
export function createItemDepartures() {
  const handlers: DepartureHandler[] = [];
  return {
    /** Registers a handler (at a module's construction). */
    listen(handler: DepartureHandler): void {
      handlers.push(handler);
    },
    /** Reports departures, in the caller's transaction. */
    async left(tx: Tx, departures: ItemDeparture[]): Promise<void> {
      for (const d of departures) for (const h of handlers) await h(tx, d);
    },
  };
}
export type ItemDepartures = ReturnType<typeof createItemDepartures>;
