import type { ListingSide } from '../../../shared/market-labels';
import { ALERT_REARM_RATE } from '../../../shared/schemas/alerts';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Notifier } from '../notifications/notifications.service';
import type { AlertsReadModel, ItemKind } from './alerts.read-model';
import type { AlertRow, AlertsRepository } from './alerts.repository';

/** A listing as the market hands it over after a write: what the checks need of its row. */
export interface ListingFacts {
  id: string;
  /** Sell listings are asks, buy listings bids. */
  sellType: ListingSide;
  kind: ItemKind;
  cardInfoId: string | null;
  productId: string | null;
  userId: string;
  price: number;
  status: string;
  expiresAt: Date;
}

/** `created` covers a sell listing listed and a buy listing funded (when it opens). */
export type ListingChange = 'created' | 'repriced' | 'cancelled';

/**
 * At most this many users are checked per sell listing for 「可集齊套組」 (docs/decisions/039-price-alerts.md):
 * the users who hold a card of the listed card's theme but not of the listed card, first by user id.
 */
export const SET_CHECK_USER_CAP = 200;

/** Whether a price crosses an alert's line (`below`: at or under it; `above`: at or over it). */
export const crosses = (a: Pick<AlertRow, 'op' | 'priceCents'>, price: number) =>
  a.op === 'below' ? price <= a.priceCents : price >= a.priceCents;

/**
 * Whether a fired alert re-arms: the best price of its side (the other open listings) is back 5 % past the line,
 * or nothing is open on that side at all (the price that fired it is gone).
 */
export function rearms(a: Pick<AlertRow, 'op' | 'priceCents'>, best: number | null): boolean {
  if (best === null) return true;
  return a.op === 'below'
    ? best >= a.priceCents * (1 + ALERT_REARM_RATE)
    : best <= a.priceCents * (1 - ALERT_REARM_RATE);
}

/**
 * The checks a listing write runs in its own transaction (issue 23): the price alerts of its item and side, and,
 * for a new sell listing of a card, the 「可集齊套組」 notices of its theme.
 */
export function createAlertChecks(
  deps: Pick<Deps, 'clock'>,
  notifications: Notifier,
  repo: AlertsRepository,
  read: AlertsReadModel,
) {
  async function priceAlerts(tx: Tx, l: ListingFacts, change: ListingChange) {
    const itemId = (l.kind === 'card' ? l.cardInfoId : l.productId) ?? '';
    const side = l.sellType === 'sell' ? 'ask' : 'bid';
    const alerts = await repo.lockForItem(tx, l.kind, itemId, side);
    if (alerts.length === 0) return;
    const now = deps.clock.now();
    const others = (await read.best(tx, l.kind, side, [itemId], now, l.id)).get(itemId) ?? null;
    const open = change !== 'cancelled' && l.status === 'active' && l.expiresAt > now;
    let name: string | null = null;
    for (const a of alerts) {
      let armed = a.armed;
      if (!armed && rearms(a, others)) {
        await repo.rearm(tx, a.id);
        armed = true;
      }
      // The crossing listing fires it, unless it is the alert owner's own.
      if (!armed || !open || l.userId === a.userId || !crosses(a, l.price)) continue;
      name ??= (await read.items(tx, l.kind, [itemId])).get(itemId)?.name ?? '';
      await repo.fired(tx, a.id, now, l.price);
      await notifications.notify(tx, a.userId, 'priceAlert', {
        itemKind: l.kind,
        itemId,
        name,
        priceCents: l.price,
        side,
      });
    }
  }

  /** Tells the users this sell listing made able to complete a theme they started, once until it is not. */
  async function setNotices(tx: Tx, l: ListingFacts) {
    if (l.sellType !== 'sell' || l.kind !== 'card' || !l.cardInfoId || l.status !== 'active') return;
    const theme = await read.themeOf(tx, l.cardInfoId);
    if (!theme) return;
    await repo.lockTheme(tx, theme.id);
    const now = deps.clock.now();
    const q = { themeId: theme.id, cardInfoId: l.cardInfoId, listingId: l.id, listerId: l.userId, now };
    for (const c of await read.setCandidates(tx, { ...q, cap: SET_CHECK_USER_CAP })) {
      // Nobody else sold the listed card before: the theme was not completable, so an old mark is stale.
      if (!c.hadListed) await repo.unmark(tx, 'set', c.userId, theme.id);
      if (c.unavailable > 0) continue;
      if (await repo.mark(tx, 'set', c.userId, theme.id, now))
        await notifications.notify(tx, c.userId, 'setCompletable', {
          themeId: theme.id,
          name: theme.name,
          missing: c.missing,
        });
    }
  }

  return {
    /** Runs the checks of one listing write, inside its transaction. */
    async listingChanged(tx: Tx, listing: ListingFacts, change: ListingChange): Promise<void> {
      await priceAlerts(tx, listing, change);
      if (change === 'created') await setNotices(tx, listing);
    },
  };
}
