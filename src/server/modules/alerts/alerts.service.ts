import type { z } from 'zod';
import { newId } from '../../adapters/ids';
import { paging } from '../../db/queries';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import {
  ALERT_FULL_MESSAGE,
  ALERT_LIMIT,
  type Alert,
  type AlertListQuerySchema,
  type AlertPage,
  type CreateAlertBodySchema,
} from '../../../shared/schemas/alerts';
import type { Actor } from '../auth/auth.service';
import type { Notifier } from '../notifications/notifications.service';
import type { WatchService } from '../watch/watch.service';
import { createAlertChecks } from './alert-checks';
import { createAlertsReadModel, type AlertsReadModel, type ItemKind } from './alerts.read-model';
import { createAlertsRepository, type AlertRow, type AlertsRepository } from './alerts.repository';
import { createDropReminders } from './drop-reminders';

export type { ListingChange, ListingFacts } from './alert-checks';

export interface AlertsServices {
  /** Price alerts, drop reminders and set notices are written in the event's transaction (decision 034). */
  notifications: Notifier;
  /** Who watches a drop (decision 033). */
  watch: Pick<WatchService, 'watchersOf'>;
}

/**
 * Price alerts, watched-drop reminders and 「可集齊套組」 notices (issue 23, docs/decisions/039-price-alerts.md).
 * Users keep their own alerts (create, list, delete; nobody sees another's); the market calls `listingChanged` in
 * the transaction of each listing it creates, reprices or cancels; a job calls `remindDrops`.
 */
export function createAlertsService(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  svc: AlertsServices,
  repo: AlertsRepository = createAlertsRepository(),
  read: AlertsReadModel = createAlertsReadModel(),
) {
  const checks = createAlertChecks(deps, svc.notifications, repo, read);

  /** A page of alerts as the list shows them: with the item's name and image and the best price of its side now. */
  async function present(rows: AlertRow[]): Promise<Alert[]> {
    const now = deps.clock.now();
    const names = new Map<string, { name: string; image: string }>();
    const best = new Map<string, number>();
    for (const kind of ['card', 'goods'] as const) {
      const mine = rows.filter((r) => r.itemKind === kind);
      const ids = [...new Set(mine.map((r) => r.itemId))];
      for (const [id, v] of await read.items(deps.db, kind, ids)) names.set(`${kind}:${id}`, v);
      for (const side of ['ask', 'bid'] as const) {
        const sided = [...new Set(mine.filter((r) => r.side === side).map((r) => r.itemId))];
        for (const [id, p] of await read.best(deps.db, kind, side, sided, now)) best.set(`${kind}:${side}:${id}`, p);
      }
    }
    return rows.map((r) => {
      const item = names.get(`${r.itemKind}:${r.itemId}`);
      return {
        id: r.id,
        itemKind: r.itemKind,
        itemId: r.itemId,
        name: item?.name ?? null,
        image: item?.image || null,
        side: r.side,
        op: r.op,
        price: r.priceCents,
        armed: r.armed,
        lastFiredAt: r.lastFiredAt?.toISOString() ?? null,
        lastFiredPrice: r.lastFiredPrice,
        bestPrice: best.get(`${r.itemKind}:${r.side}:${r.itemId}`) ?? null,
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  return {
    /** `alert/create`: an alert on a card info or product that exists, within the user's 50. */
    async create(actor: Actor, input: z.output<typeof CreateAlertBodySchema>): Promise<Alert> {
      const kind: ItemKind = input.cardInfoId !== undefined ? 'card' : 'goods';
      const itemId = (input.cardInfoId ?? input.productId)!;
      if (!(await read.items(deps.db, kind, [itemId])).has(itemId))
        throw notFound(kind === 'card' ? '找不到此卡牌' : '找不到此商品');
      const row: AlertRow = {
        id: newId('alr'),
        userId: actor.userId,
        itemKind: kind,
        itemId,
        side: input.side,
        op: input.op,
        priceCents: input.price,
        armed: true,
        lastFiredAt: null,
        lastFiredPrice: null,
        createdAt: deps.clock.now(),
      };
      await deps.db.transaction(async (tx) => {
        await repo.lockUser(tx, actor.userId);
        if ((await repo.countOf(tx, actor.userId)) >= ALERT_LIMIT) throw conflict(ALERT_FULL_MESSAGE, 'alert_full');
        await repo.insert(tx, row);
      });
      return (await present([row]))[0]!;
    },

    /** `alert/delete`: the caller's own alert; anyone else's id is not found. */
    async remove(actor: Actor, id: string): Promise<{ id: string; deleted: boolean }> {
      if (!(await repo.remove(deps.db, actor.userId, id))) throw notFound('找不到此提醒');
      return { id, deleted: true };
    },

    /** `alert/list`: a page of the caller's alerts, newest first. */
    async list(actor: Actor, q: z.output<typeof AlertListQuerySchema>): Promise<AlertPage> {
      const { rows, total } = await repo.page(deps.db, actor.userId, paging(q));
      return { list: await present(rows), total };
    },

    /**
     * The checks of one listing write (the market calls this in that write's transaction): price alerts of the
     * item and side, and the set notices of a new sell listing's theme.
     */
    listingChanged: checks.listingChanged,

    ...createDropReminders(deps, svc, repo, read),
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
