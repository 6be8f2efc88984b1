import { PAY_ORDER_TTL_MS } from '../../../shared/constants';
import type { MarketContext } from './market-context';
import { refundBid } from './market-postings';

/** A buy listing whose pay order was never opened (the request failed midway) is dropped after this. */
const ORPHAN_AFTER_MS = PAY_ORDER_TTL_MS * 2;

/** The listings' sweep (the expiry job, src/server/jobs/expiry-jobs.ts). */
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
          if (expired.sellType === 0)
            await items[expired.kind].setStatus(tx, { id: expired.itemId!, from: 'listed', to: 'held' });
          else await refundBid(svc, tx, expired);
        }
        return due.length;
      });
    },
  };
}
