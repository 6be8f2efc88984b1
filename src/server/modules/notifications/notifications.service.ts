import { newId } from '../../adapters/ids';
import type { Tx } from '../../db/client';
import { paging } from '../../db/queries';
import type { Deps } from '../../deps';
import { invalid, notFound } from '../../errors';
import {
  NOTIFY_CHANNELS,
  type Notification,
  type NotificationPage,
  type NotificationPref,
  type NotifyChannel,
} from '../../../shared/schemas/notifications';
import type { Actor } from '../auth/auth.service';
import {
  isKind,
  KIND_NAMES,
  labelOf,
  NOTIFICATION_KINDS,
  type KindSpec,
  type NotificationData,
  type NotificationKind,
} from './notification-kinds';
import {
  createNotificationsRepository,
  type NotificationRow,
  type NotificationsRepository,
  type NotificationStatus,
} from './notifications.repository';

export type { NotificationData, NotificationKind } from './notification-kinds';

/** Told after the commit of each notification written (the live stream plugs in here); a no-op by default. */
export type OnNotified = (userId: string, notification: Notification) => void;

export function present(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    label: labelOf(row.kind),
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The notification centre (issue 23, docs/decisions/034-notifications.md). Other modules call `notify` inside the
 * transaction of the event itself: the notification and its outbox rows (one per channel the user has on for that
 * kind) commit with the event or not at all. Users read and mark only their own.
 */
export function createNotificationsService(
  deps: Pick<Deps, 'db' | 'clock' | 'afterCommit'>,
  opts: { onNotified?: OnNotified } = {},
  repo: NotificationsRepository = createNotificationsRepository(),
) {
  /** The channels on for a user and kind: their own choice where they made one, else the kind's default. */
  function channelsOn(
    spec: KindSpec<never>,
    kind: string,
    prefs: { kind: string; channel: string; enabled: boolean }[],
  ) {
    return NOTIFY_CHANNELS.filter((c) => {
      if (!spec.allowed.includes(c)) return false;
      const own = prefs.find((p) => p.kind === kind && p.channel === c);
      return own ? own.enabled : spec.defaults.includes(c);
    });
  }

  async function write<K extends NotificationKind>(
    tx: Tx,
    userId: string,
    kind: K,
    data: NotificationData[K],
  ): Promise<Notification> {
    const spec = NOTIFICATION_KINDS[kind] as KindSpec<NotificationData[K]>;
    const now = deps.clock.now();
    const row: NotificationRow = {
      id: newId('ntf'),
      userId,
      kind,
      ...spec.render(data),
      data: data as Record<string, unknown>,
      readAt: null,
      createdAt: now,
    };
    await repo.insert(tx, row);
    const channels = channelsOn(spec as KindSpec<never>, kind, await repo.prefsOf(tx, userId));
    await repo.enqueue(
      tx,
      channels.map((channel) => ({
        id: newId('nob'),
        notificationId: row.id,
        userId,
        channel,
        dedupeKey: `${row.id}:${channel}`,
        status: 'pending' as const,
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        createdAt: now,
      })),
    );
    const shown = present(row);
    const told = opts.onNotified;
    if (told) deps.afterCommit(() => told(userId, shown));
    return shown;
  }

  async function prefsOf(actor: Actor): Promise<NotificationPref[]> {
    const own = await repo.prefsOf(deps.db, actor.userId);
    return KIND_NAMES.map((kind) => {
      const spec = NOTIFICATION_KINDS[kind] as KindSpec<never>;
      const on = channelsOn(spec, kind, own);
      const state = (c: NotifyChannel) => ({ allowed: spec.allowed.includes(c), enabled: on.includes(c) });
      return { kind, label: spec.label, push: state('push'), sms: state('sms') };
    });
  }

  return {
    /**
     * Writes a notification of `kind` to `userId` from `data`, with its outbox rows, inside `tx`: the event's own
     * transaction, so a rolled-back event leaves none.
     */
    notify: write,

    /**
     * As `notify`, unless the user already has one of `kind` whose `data[field]` is `value` (a listing's
     * expiry warning, written once per listing).
     */
    async notifyOnce<K extends NotificationKind>(
      tx: Tx,
      userId: string,
      kind: K,
      data: NotificationData[K],
      field: keyof NotificationData[K] & string,
    ): Promise<Notification | null> {
      const value = String(data[field]);
      if (await repo.exists(tx, userId, kind, field, value)) return null;
      return write(tx, userId, kind, data);
    },

    /** `notification/list`: the caller's, newest first. */
    async list(
      actor: Actor,
      q: { status: NotificationStatus; page: number; pageSize: number },
    ): Promise<NotificationPage> {
      const { rows, total } = await repo.page(deps.db, actor.userId, q.status, paging(q));
      return { list: rows.map(present), total };
    },

    /** `notification/unread`: the bell's count. */
    async unread(actor: Actor): Promise<{ count: number }> {
      return { count: await repo.unreadCount(deps.db, actor.userId) };
    },

    /** `notification/read`: marks the caller's own read; an id that is not theirs is a 404 and marks nothing. */
    async markRead(actor: Actor, input: { ids: string[] } | { all: true }) {
      const ids = 'all' in input ? ('all' as const) : [...new Set(input.ids)];
      if (ids !== 'all' && (await repo.countOwn(deps.db, actor.userId, ids)) !== ids.length)
        throw notFound('找不到此通知');
      const marked = await repo.markRead(deps.db, actor.userId, ids, deps.clock.now());
      return { marked, unread: await repo.unreadCount(deps.db, actor.userId) };
    },

    /** `GET notification/prefs`: every kind with its channels, allowed and on. */
    prefs: prefsOf,

    /** `POST notification/prefs`: sets switches; a channel a kind may not use is refused (SMS only for 已售出 / 已發貨). */
    async setPrefs(actor: Actor, input: { prefs: { kind: string; channel: NotifyChannel; enabled: boolean }[] }) {
      for (const p of input.prefs) {
        if (!isKind(p.kind)) throw invalid(`沒有此通知類別：${p.kind}`);
        const spec = NOTIFICATION_KINDS[p.kind] as KindSpec<never>;
        if (!spec.allowed.includes(p.channel))
          throw invalid(`「${spec.label}」不可使用${p.channel === 'sms' ? '短訊' : '推送通知'}`);
      }
      const last = new Map(input.prefs.map((p) => [`${p.kind}:${p.channel}`, p]));
      await repo.setPrefs(deps.db, actor.userId, [...last.values()]);
      return prefsOf(actor);
    },

    /** The outbox rows of some notifications (the delivery change reads its own way; tests look here). */
    outboxOf: (ids: string[]) => repo.outboxOf(deps.db, ids),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** What other modules take: only the writing side, inside their transactions. */
export type Notifier = Pick<NotificationsService, 'notify' | 'notifyOnce'>;
