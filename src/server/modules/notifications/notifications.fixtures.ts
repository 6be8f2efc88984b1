import type { NotificationData, NotificationKind, Notifier } from './notifications.service';

/** A notifier for unit tests of other modules: remembers what it was asked to write, writes nothing. */
export function recordingNotifier() {
  const sent: { userId: string; kind: NotificationKind; data: NotificationData[NotificationKind] }[] = [];
  const notifier: Notifier = {
    async notify(_tx, userId, kind, data) {
      sent.push({ userId, kind, data });
      return { id: `ntf_${sent.length}`, kind, label: '', title: '', body: '', link: null, read: false, createdAt: '' };
    },
    async notifyOnce(tx, userId, kind, data, field) {
      if (sent.some((s) => s.kind === kind && s.userId === userId && (s.data as never)[field] === data[field]))
        return null;
      return notifier.notify(tx, userId, kind, data);
    },
  };
  return { notifier, sent };
}
