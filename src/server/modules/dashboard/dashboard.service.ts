import { PAY_ORDER_STATUSES } from '../../../shared/schemas/pay-orders';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import { hkDays } from '../../../shared/hk-time';
import type { Deps } from '../../deps';
import type { Operator } from '../auth/auth.service';
import type { ShipmentsService } from '../shipments/shipments.service';
import type { WalletService } from '../wallet/wallet.service';
import { createDashboardReadModel, type DashboardReadModel } from './dashboard.read-model';

/** The back office's dashboard (PRODUCT.md §8): sales, GMV and fees by Hong Kong day, orders, new users, drops, queues. */
export function createDashboardService(
  deps: Pick<Deps, 'db' | 'clock'>,
  svc: { shipments: Pick<ShipmentsService, 'pendingCount'>; wallet: Pick<WalletService, 'pendingWithdrawalCount'> },
  read: DashboardReadModel = createDashboardReadModel(),
) {
  return {
    async get(_operator: Operator, q: { days: number }): Promise<Dashboard> {
      const now = deps.clock.now();
      const { dates, since } = hkDays(now, q.days);
      const [sold, statuses, users, drops, shipments, withdrawals] = await Promise.all([
        read.sales(deps.db, since),
        read.ordersByStatus(deps.db, since),
        read.newUsers(deps.db, since),
        read.drops(deps.db, since, now),
        svc.shipments.pendingCount(),
        svc.wallet.pendingWithdrawalCount(),
      ]);
      const byDate = <R extends { date: string }>(rows: R[]) => new Map(rows.map((r) => [r.date, r]));
      const [s, u] = [byDate(sold), byDate(users)];
      return {
        daily: dates.map((date) => ({
          date,
          sales: Number(s.get(date)?.count ?? 0),
          gmv: Number(s.get(date)?.gmv ?? 0),
          fees: Number(s.get(date)?.fees ?? 0),
        })),
        ordersByStatus: Object.fromEntries(
          PAY_ORDER_STATUSES.map((s) => [s, Number(statuses.find((r) => r.status === s)?.count ?? 0)]),
        ) as Dashboard['ordersByStatus'],
        newUsers: dates.map((date) => ({ date, count: Number(u.get(date)?.count ?? 0) })),
        drops: drops.map((d) => ({
          kind: d.kind,
          id: d.id,
          name: d.name,
          saleStartsAt: d.saleStartsAt!.toISOString(),
          saleEndsAt: d.saleEndsAt?.toISOString() ?? null,
          total: d.total,
          sold: d.sold,
          sellThrough: d.total > 0 ? Math.round((d.sold / d.total) * 10_000) / 10_000 : 0,
        })),
        queues: { shipments, withdrawals },
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
