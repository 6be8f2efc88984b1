/** Told when the signed-in user's unread notifications may have changed (a screen marked some read). */
export const UNREAD_CHANGED = 'trove:unread-changed';

export function announceUnreadChanged(): void {
  window.dispatchEvent(new Event(UNREAD_CHANGED));
}
