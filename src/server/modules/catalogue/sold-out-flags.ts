import type { Broadcast } from '../../adapters/broadcast';
import type { Clock } from '../../adapters/clock';

/** How long a sold-out flag is believed without news: bounds a flag whose clear message was lost. */
export const SOLD_OUT_FLAG_TTL_MS = 5_000;

const CHANNEL = 'catalogue:sold-out';

export interface SupplyItem {
  kind: 'card' | 'product';
  id: string;
}

const keyOf = (item: SupplyItem) => `${item.kind}:${item.id}`;

/**
 * Short-lived "sold out" flags of mall items, so the rush of buy attempts after a drop's last edition
 * is refused from memory instead of from the database. The database claim stays the only judge of
 * stock: a flag is set only after a claim found none, and only short-cuts refusals.
 *
 * - Set per instance, by that instance's own claims that found no stock (`mark`).
 * - Cleared everywhere (through the broadcast: Redis when several instances run) after a commit
 *   that gave stock back or changed the sale (`clear`), and expires after SOLD_OUT_FLAG_TTL_MS anyway.
 * - A clear that lands while a claim is in flight wins: `mark` is ignored when any clear happened
 *   since the claim began (`epoch`), so a flag never outlives a release the claim did not see.
 * - While the broadcast is down (Redis lost) no flag is believed: releases may go unheard.
 * - The retry of an order of the item (its Idempotency-Key, whoever sends it) is never refused from memory: it
 *   must reach the database to get its order back. Nothing else about the caller is needed, so a refusal comes
 *   before the caller's session is looked up (decision 023).
 */
export function createSoldOutFlags(deps: { broadcast: Broadcast; clock: Clock; ttlMs?: number }) {
  const ttl = deps.ttlMs ?? SOLD_OUT_FLAG_TTL_MS;
  const flags = new Map<string, { until: number; exempt: ReadonlySet<string> }>();
  const marking = new Map<string, Promise<void>>();
  let epoch = 0;

  const forget = (key: string | null) => {
    epoch++;
    if (key === null) flags.clear();
    else flags.delete(key);
  };
  deps.broadcast.subscribe(CHANNEL, (key) => forget(key));
  // Clears may have been lost while Redis was away: believe no flag from before.
  deps.broadcast.onGap(() => forget(null));

  function fresh(key: string) {
    const flag = flags.get(key);
    if (!flag) return null;
    if (flag.until > deps.clock.now().getTime()) return flag;
    flags.delete(key);
    return null;
  }

  return {
    /** Taken before a claim reads the stock; hand it to `mark` if the claim finds none. */
    epoch: () => epoch,

    /** True when an order attempt with this Idempotency-Key may be told from memory that the item is sold out. */
    refuses(item: SupplyItem, idempotencyKey: string): boolean {
      // Redis away: another instance's release could not reach us, so ask the database.
      if (!deps.broadcast.live()) return false;
      const flag = fresh(keyOf(item));
      return flag !== null && !flag.exempt.has(idempotencyKey);
    },

    /**
     * A claim begun at `since` found no stock: flags the item, exempting the Idempotency-Keys `holders` loads
     * (of every order of it). One load at a time per item; errors leave the item unflagged.
     */
    mark(item: SupplyItem, since: number, holders: () => Promise<Iterable<string>>): Promise<void> {
      const key = keyOf(item);
      if (since !== epoch || fresh(key)) return Promise.resolve();
      let running = marking.get(key);
      if (!running) {
        running = holders()
          .then((ids) => {
            if (since === epoch) flags.set(key, { until: deps.clock.now().getTime() + ttl, exempt: new Set(ids) });
          })
          .catch(() => undefined)
          .finally(() => marking.delete(key));
        marking.set(key, running);
      }
      return running;
    },

    /** After a commit that freed stock or changed the sale: drops the flag here and on every instance. */
    clear(item: SupplyItem): void {
      deps.broadcast.publish(CHANNEL, keyOf(item));
    },
  };
}
export type SoldOutFlags = ReturnType<typeof createSoldOutFlags>;
