import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { isFailure } from '../../lib/request';
import { getPushKey } from './api/get-push-key';
import { subscribePush } from './api/subscribe-push';
import { unsubscribePush } from './api/unsubscribe-push';
import { currentSubscription, deviceLabel, pushSupported, subscribeBrowser } from './push-device';

type State = 'checking' | 'unsupported' | 'off' | 'on' | 'denied';

const REFUSED: Record<'denied' | 'no-worker' | 'failed', string> = {
  denied: '你已拒絕通知權限；如要接收推送通知，請在瀏覽器的網站設定中允許通知。',
  'no-worker': '此瀏覽器暫時未能接收推送通知，請重新載入後再試。',
  failed: '未能開啟推送通知，請稍後再試。',
};

/**
 * /my/notify's 「開啟推送通知」 / 「關閉推送通知」 (decision 038). Permission is asked only inside the click, never on
 * load; the subscription is made through the service worker and posted to the server.
 */
export function PushSwitch() {
  const [state, setState] = useState<State>('checking');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');

  useEffect(() => {
    let live = true;
    if (!pushSupported()) {
      setState('unsupported');
      return;
    }
    if (Notification.permission === 'denied') setState('denied');
    else
      void currentSubscription().then((s) => {
        if (live) setState(s ? 'on' : 'off');
      });
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    setNote('');
    try {
      const key = await getPushKey();
      if (isFailure(key)) return;
      const made = await subscribeBrowser(key.publicKey);
      if (!made.ok) {
        setNote(REFUSED[made.reason]);
        if (made.reason === 'denied') setState('denied');
        return;
      }
      const json = made.subscription.toJSON();
      const saved = await subscribePush({
        endpoint: made.subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        userAgent: deviceLabel(),
      });
      if (isFailure(saved)) await made.subscription.unsubscribe();
      else setState('on');
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setNote('');
    try {
      const sub = await currentSubscription();
      if (sub) {
        const endpoint = sub.endpoint;
        await sub.unsubscribe();
        await unsubscribePush({ endpoint });
      }
      setState('off');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="push-switch" aria-labelledby="push-switch-title">
      <h2 id="push-switch-title" className="push-switch-title">
        此裝置的推送通知
      </h2>
      {state === 'unsupported' ? (
        <p className="push-switch-note">此瀏覽器不支援推送通知。iPhone 請先把寶庫加至主畫面，再從主畫面開啟。</p>
      ) : state === 'on' ? (
        <Button block fill="outline" loading={busy} aria-label="關閉推送通知" onClick={() => void turnOff()}>
          關閉推送通知
        </Button>
      ) : (
        <Button
          block
          color="primary"
          loading={busy || state === 'checking'}
          disabled={state === 'denied'}
          aria-label="開啟推送通知"
          onClick={() => void turnOn()}
        >
          開啟推送通知
        </Button>
      )}
      {state === 'denied' && !note ? <p className="push-switch-note">{REFUSED.denied}</p> : null}
      {note ? (
        <p className="push-switch-note" role="status">
          {note}
        </p>
      ) : null}
    </section>
  );
}
