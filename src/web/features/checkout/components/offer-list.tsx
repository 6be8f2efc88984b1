import { useState } from 'react';
import { Button, Popup, Tag } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { OFFER_STATUS_LABELS, type Offer } from '../../../../shared/schemas/offers';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { useLoad } from '../../../lib/use-load';
import { listOffers } from '../api/list-offers';
import { OfferThread, turnText } from './offer-thread';
import '../../../components/list-row.css';

type Role = 'made' | 'received';
const ROLES: { key: Role; title: string }[] = [
  { key: 'made', title: '我出的價' },
  { key: 'received', title: '收到的出價' },
];
const PAGE_SIZE = 50;

function Rows({ role, version }: { role: Role; version: number }) {
  const state = useLoad(() => listOffers({ role, page: 1, pageSize: PAGE_SIZE }), [role, version]);
  if (state.status === 'loading') return <LoadingState label="正在載入出價…" />;
  if (state.status === 'error') return <ErrorState title="未能載入出價" onRetry={state.reload} />;
  if (state.data.length === 0)
    return (
      <EmptyState
        title={role === 'made' ? '未有出價' : '未收到出價'}
        description={
          role === 'made'
            ? '在市場的出售掛單按「出價」，向賣家提出你的價格。'
            : '其他收藏家向你的物品出價時會在這裏顯示。'
        }
      />
    );
  return (
    <ul className="offer-list" aria-label={ROLES.find((r) => r.key === role)!.title}>
      {state.data.map((o: Offer) => (
        <li key={o.id} className="list-row">
          {o.itemImage && <img className="list-row-image card" src={o.itemImage} alt="" width={64} height={90} />}
          <div className="offer-row-body">
            <Link to={`/my/collection/order?tab=offer&id=${encodeURIComponent(o.id)}`} className="stretched-link">
              <span className="visually-hidden">查看出價：</span>
              {o.itemName} {formatHkd(o.price)}
            </Link>
            <div className="offer-row-meta">
              {/* A closed offer's state is its tag alone (「已成交」 once, not twice). */}
              {o.status === 'open' && <span>{turnText(o)}</span>}
              <Tag color={o.status === 'open' ? (o.myTurn ? 'warning' : 'primary') : 'default'}>
                {OFFER_STATUS_LABELS[o.status]}
              </Tag>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The 出價 tab of /my/collection/order: offers made and received; ?id= opens one's thread in a sheet. */
export function OfferList() {
  const [params, setParams] = useSearchParams();
  const [role, setRole] = useState<Role>(params.get('role') === 'received' ? 'received' : 'made');
  const [version, setVersion] = useState(0);
  const id = params.get('id');
  const close = () =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.delete('id');
        return q;
      },
      { replace: true },
    );
  return (
    <>
      <div
        className="market-toggle"
        role="group"
        aria-label="出價類別"
        style={{ display: 'flex', gap: 8, padding: 12 }}
      >
        {ROLES.map((r) => (
          <Button
            key={r.key}
            size="small"
            color={role === r.key ? 'primary' : 'default'}
            aria-pressed={role === r.key}
            onClick={() => setRole(r.key)}
          >
            {r.title}
          </Button>
        ))}
      </div>
      <Rows role={role} version={version} />
      <Popup
        visible={!!id}
        onMaskClick={() => close()}
        onClose={() => close()}
        destroyOnClose
        bodyClassName="market-popup"
      >
        {id && (
          <div role="dialog" aria-labelledby="offer-thread-title">
            <OfferThread
              id={id}
              onChanged={() => setVersion((v) => v + 1)}
              onSide={(side) => setRole(side === 'buyer' ? 'made' : 'received')}
            />
            <div style={{ padding: '0 16px 16px' }}>
              <Button block onClick={() => close()}>
                關閉
              </Button>
            </div>
          </div>
        )}
      </Popup>
    </>
  );
}
