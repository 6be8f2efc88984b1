import { useEffect, useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { Link } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { ALERT_OP_LABELS, ALERT_SIDE_LABELS, type Alert } from '../../../../shared/schemas/alerts';
import { isFailure } from '../../../lib/request';
import { deleteAlert } from '../api/delete-alert';
import { listAlerts } from '../api/list-alerts';
import { SELL_TYPE } from '../../../../shared/market-labels';

/** The market's listings of the item, on the alert's side. */
const alertPath = (a: Alert) =>
  `/market/detail?${a.itemKind === 'card' ? 'cardInfoId' : 'productId'}=${encodeURIComponent(a.itemId)}${a.side === 'bid' ? `&sell_type=${SELL_TYPE.buy}` : ''}`;

/** 「賣單價 低於或等於 HK$95.00」 */
const lineOf = (a: Alert) => `${ALERT_SIDE_LABELS[a.side]}${ALERT_OP_LABELS[a.op]} ${formatHkd(a.price)}`;

/** The user's price alerts (all of them: at most 50), each with its state and 刪除. */
export function AlertList() {
  const [alerts, setAlerts] = useState<Alert[] | null>(null);
  useEffect(() => {
    let live = true;
    void listAlerts({ page: 1, pageSize: 50 }).then((res) => {
      if (live) setAlerts(isFailure(res) ? [] : res.list);
    });
    return () => {
      live = false;
    };
  }, []);

  const remove = async (a: Alert) => {
    const res = await deleteAlert(a.id);
    if (isFailure(res)) return;
    setAlerts((list) => (list ?? []).filter((x) => x.id !== a.id));
    Toast.show({ content: '已刪除價格提醒' });
  };

  if (alerts === null || alerts.length === 0) return null;
  return (
    <section className="alert-section" aria-labelledby="alert-title">
      <h2 id="alert-title" className="alert-title">
        價格提醒（{alerts.length}）
      </h2>
      <ul className="watch-list" aria-label="價格提醒">
        {alerts.map((a) => {
          const name = a.name ?? '已不存在的項目';
          return (
            <li key={a.id} className="watch-row">
              <div className="watch-row-text">
                {a.name === null ? <span>{name}</span> : <Link to={alertPath(a)}>{name}</Link>}
                <p className="watch-row-meta">{lineOf(a)}</p>
                <p className="watch-row-meta">
                  現時：{a.bestPrice === null ? '—' : formatHkd(a.bestPrice)}・
                  {a.armed ? '等待中' : `已提醒（${formatHkd(a.lastFiredPrice ?? a.price)}），價格回落 5% 後再提醒`}
                </p>
              </div>
              <Button
                size="small"
                fill="outline"
                onClick={() => void remove(a)}
                aria-label={`刪除價格提醒：${name} ${lineOf(a)}`}
              >
                刪除
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
