import { useState } from 'react';
import type { WatchKind } from '../../shared/schemas/watch';
import { addWatch } from '../api/add-watch';
import { removeWatch } from '../api/remove-watch';
import { isFailure, loadToast } from '../lib/request';
import { signInAndReturn } from '../lib/sign-in';
import { useSession } from '../lib/stores';
import { setWatched, useWatched } from './watch-state';

/**
 * The ♡ (`WatchButton` shows it once loaded, watch-button.tsx) of a card info, product, listing or seller: a toggle button (aria-pressed) named 「關注」 or 「取消關注」,
 * followed by `name` on a list row, where several sit side by side. Signed out, it goes to the login and back.
 */
export function WatchToggle({ kind, id, name }: { kind: WatchKind; id: string; name?: string }) {
  const session = useSession();
  const watched = useWatched(kind, id, session?.token ?? null);
  const [busy, setBusy] = useState(false);
  const on = watched === true;
  const label = `${on ? '取消關注' : '關注'}${name ? `：${name}` : ''}`;

  const toggle = async () => {
    if (!session) return signInAndReturn();
    setBusy(true);
    const res = on ? await removeWatch({ kind, id }) : await addWatch({ kind, id });
    setBusy(false);
    if (isFailure(res)) return;
    setWatched(kind, id, res.watched);
    // Through the request client's toast (lib/toast.ts installs antd-mobile's React 19 render): it comes after the
    // page's load event, not with a shared link's first load.
    const toast = await loadToast();
    toast?.show({ content: res.watched ? '已加入關注清單' : '已取消關注' });
  };

  return (
    <button
      type="button"
      className={`watch-button${on ? ' is-on' : ''}`}
      aria-label={label}
      aria-pressed={on}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <span aria-hidden="true">{on ? '♥' : '♡'}</span>
    </button>
  );
}
