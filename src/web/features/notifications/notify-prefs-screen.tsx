import { useEffect, useState } from 'react';
import {
  NOTIFY_CHANNEL_LABELS,
  type NotificationPref,
  type NotifyChannel,
} from '../../../shared/schemas/notifications';
import { ErrorState } from '../../components/state-views';
import { ScreenLoading } from '../../components/screen-loading';
import { isFailure } from '../../lib/request';
import { useLoad } from '../../lib/use-load';
import { getPrefs, setPrefs } from './api/prefs';
import { PushSwitch } from './push-switch';
import './notifications.css';

const CHANNELS: readonly NotifyChannel[] = ['push', 'sms'];

/** /my/notify: a switch per kind of notification and channel; in-app notifications are always on. */
export default function NotifyPrefsScreen() {
  const state = useLoad(() => getPrefs(), []);
  const [prefs, setLocal] = useState<NotificationPref[] | null>(null);
  // Once per answer (the load state object is new on every render).
  const loaded = state.status === 'ready' ? state.data : null;
  useEffect(() => {
    if (loaded) setLocal(loaded);
  }, [loaded]);

  if (state.status === 'error') return <ErrorState title="未能載入通知設定" onRetry={state.reload} />;
  if (!prefs) return <ScreenLoading />;

  /** The switch moves at once; the answer confirms it, or a refusal puts it back. */
  const toggle = async (kind: string, channel: NotifyChannel, enabled: boolean) => {
    const flip = (on: boolean) => (list: NotificationPref[] | null) =>
      list?.map((p) => (p.kind === kind ? { ...p, [channel]: { ...p[channel], enabled: on } } : p)) ?? null;
    setLocal(flip(enabled));
    const res = await setPrefs({ prefs: [{ kind, channel, enabled }] });
    setLocal(isFailure(res) ? flip(!enabled) : res);
  };

  return (
    <div className="notify-prefs">
      <p className="notify-prefs-note">
        應用程式內的通知一律開啟；你可以為每類通知另外開啟推送通知或短訊（短訊只適用於已售出及已發貨）。
      </p>
      <PushSwitch />
      <ul className="notify-prefs-list" aria-label="通知類別">
        {prefs.map((p) => (
          <li key={p.kind} className="notify-prefs-row">
            <span className="notify-prefs-label" id={`np-${p.kind}`}>
              {p.label}
            </span>
            <span className="notify-prefs-switches">
              {CHANNELS.filter((c) => p[c].allowed).map((c) => (
                <label key={c} className="notify-switch">
                  <input
                    type="checkbox"
                    role="switch"
                    checked={p[c].enabled}
                    aria-checked={p[c].enabled}
                    aria-label={`${p.label}：${NOTIFY_CHANNEL_LABELS[c]}`}
                    onChange={(e) => void toggle(p.kind, c, e.target.checked)}
                  />
                  <span aria-hidden="true">{NOTIFY_CHANNEL_LABELS[c]}</span>
                </label>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
