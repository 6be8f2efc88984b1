import type { Deps } from '../../deps';
import type { AlertsServices } from './alerts.service';
import type { AlertsReadModel } from './alerts.read-model';
import type { AlertsRepository } from './alerts.repository';

/** Drops starting within this long are reminded to their watchers (issue 23: 10 minutes). */
export const DROP_REMINDER_LEAD_MS = 10 * 60_000;

/** Watched drops about to start: each watcher told once per drop (the `drop` mark is the dedupe). */
export function createDropReminders(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  svc: AlertsServices,
  repo: AlertsRepository,
  read: AlertsReadModel,
) {
  return {
    /**
     * Writes 「發售即將開始」 to the watchers of up to `batch` card infos and products whose sale starts within the
     * next 10 minutes, once per watcher and drop; answers how many it wrote. Safe on several instances at once: a
     * reminder is written only by the transaction that inserts its mark.
     */
    async remindDrops(batch: number): Promise<number> {
      const now = deps.clock.now();
      const drops = await read.dropsStarting(deps.db, now, new Date(now.getTime() + DROP_REMINDER_LEAD_MS), batch);
      let written = 0;
      for (const d of drops) {
        const watchers = await svc.watch.watchersOf(d.kind === 'card' ? 'cardInfo' : 'product', d.id);
        if (watchers.length === 0) continue;
        written += await deps.db.transaction(async (tx) => {
          let n = 0;
          for (const userId of watchers) {
            if (!(await repo.mark(tx, 'drop', userId, `${d.kind}:${d.id}`, now))) continue;
            await svc.notifications.notify(tx, userId, 'dropStarting', {
              productId: d.id,
              itemKind: d.kind,
              name: d.name,
              startsAt: d.startsAt.toISOString(),
            });
            n++;
          }
          return n;
        });
      }
      return written;
    },
  };
}
