import { PAY_ORDER_TTL_MS } from '../../../shared/constants';
import type { MarketContext } from './market-context';
import { refundBid } from './market-postings';
import { describe } from './market-presenters';

/** A buy listing whose pay order was never opened (the request failed midway) is dropped after this. */
const ORPHAN_AFTER_MS = PAY_ORDER_TTL_MS * 2;

/** Owners are told this long before an open listing expires. */
export const EXPIRY_WARNING_MS = 24 * 60 * 60 * 1000;

/** The listings' sweep (the listings sweep, src/server/jobs/sweeps.ts). */
export function createMarketExpiry({ deps, svc, repo, items }: MarketContext) {
  return {
    /**
     * Expires open listings past their time (sell 30 days: the item is held again; buy 7 days: the
     * escrow goes back to the balance) and drops buy listings whose pay order never opened. Safe on
     * several instances: rows are locked with SKIP LOCKED.
     */
    async expireDue(limit = 200): Promise<number> {
      return deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const due = await repo.due(tx, now, new Date(now.getTime() - ORPHAN_AFTER_MS), limit);
        for (const l of due) {
          if (l.status === 'pending_payment') {
            await repo.transition(tx, l.id, ['pending_payment'], {
              status: 'cancelled',
              closedAt: now,
              updatedAt: now,
            });
            continue;
          }
          const expired = await repo.transition(tx, l.id, ['active'], {
            status: 'expired',
            closedAt: now,
            updatedAt: now,
          });
          if (!expired) continue;
          if (expired.sellType === 'sell')
            await items[expired.kind].setStatus(tx, { id: expired.itemId!, from: 'listed', to: 'held' });
          else await refundBid(svc, tx, expired);
          await svc.notifications.notify(tx, expired.userId, 'listingExpired', {
            listingId: expired.id,
            itemName: describe(expired),
            sellType: expired.sellType,
          });
        }
        return due.length;
      });
    },

    /** Warns owners of open listings expiring within 24 hours, once per listing (the expiry job). */
    async warnExpiring(limit = 200): Promise<number> {
      return deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const due = await repo.warnExpiring(tx, now, new Date(now.getTime() + EXPIRY_WARNING_MS), limit);
        for (const l of due)
          await svc.notifications.notifyOnce(
            tx,
            l.userId,
            'listingExpiring',
            { listingId: l.id, itemName: describe(l), sellType: l.sellType, expiresAt: l.expiresAt.toISOString() },
            'listingId',
          );
        return due.length;
      });
    },
  };
}
