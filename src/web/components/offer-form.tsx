import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { formatHkd } from '../../shared/money';
import type { CreateOfferResult } from '../../shared/schemas/offers';
import { createOffer } from '../api/create-offer';
import { isFailure } from '../lib/request';
import { checkPrice } from '../lib/check-price';
import { HkdField } from './hkd-field';
import type { OfferTarget } from './sheet-buttons';
import './price-alert-sheet.css';

/** How long an offer stays open (decision 040: 24 – 168 hours). */
export const OFFER_EXPIRIES = [
  { hours: 24, label: '24 小時' },
  { hours: 72, label: '3 日' },
  { hours: 168, label: '7 日' },
] as const;

/** The balance was short: the offer waits for its pay order, paid through the same checkout as a purchase. */
function AwaitingPayment({ result, onClose }: { result: CreateOfferResult; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <div className="price-alert-form">
      <h2 id="offer-title" className="price-alert-title">
        付款以送出出價 {formatHkd(result.price)}
      </h2>
      <p className="price-alert-note">
        錢包餘額不足以預留出價。付款後款項由平台託管，出價即送到物主手上；拒絕、取消或過期會退回錢包餘額。
      </p>
      <Button
        block
        color="primary"
        onClick={() => navigate(`/mall/pay?orderNo=${encodeURIComponent(result.orderNo!)}`)}
      >
        付款
      </Button>
      <Button block onClick={onClose}>
        稍後再付
      </Button>
    </div>
  );
}

function Sent({ result, onClose }: { result: CreateOfferResult; onClose: () => void }) {
  if (result.orderNo) return <AwaitingPayment result={result} onClose={onClose} />;
  return (
    <div className="price-alert-form">
      <h2 id="offer-title" className="price-alert-title">
        已出價 {formatHkd(result.price)}
      </h2>
      <p className="price-alert-note">款項已從錢包預留，賣家接受即成交；拒絕、取消或過期會退回餘額。</p>
      {result.warning && (
        <p className="price-alert-error" role="alert">
          {result.warning}
        </p>
      )}
      <Link to={`/my/collection/order?tab=offer&id=${encodeURIComponent(result.id)}`}>查看出價</Link>
      <Button block onClick={onClose}>
        關閉
      </Button>
    </div>
  );
}

/** The reference prices beside the field: the listing's asking price (if any) and the market price. */
function refsText(target: OfferTarget): string {
  const refs: [string, number | null][] = [
    ...(target.askPrice !== null ? [['售價', target.askPrice] as [string, number]] : []),
    ['市場價', target.marketPrice],
  ];
  return refs.map(([k, v]) => `${k}：${v === null ? '—' : formatHkd(v)}`).join('　');
}

/** The 出價 sheet's form (offer-sheet.tsx), loaded when the sheet first opens. */
export default function OfferForm({ target, onClose }: { target: OfferTarget; onClose: () => void }) {
  const [text, setText] = useState('');
  const [hours, setHours] = useState<number>(72);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CreateOfferResult | null>(null);
  const { cents, error } = checkPrice(text);
  if (result) return <Sent result={result} onClose={onClose} />;
  const send = async () => {
    if (cents === null) return;
    setBusy(true);
    const res = await createOffer({
      kind: target.kind,
      itemId: target.itemId,
      ...(target.listingId ? { listingId: target.listingId } : {}),
      price: cents,
      expiresInHours: hours,
    });
    setBusy(false);
    if (isFailure(res)) return;
    if (!res.orderNo) Toast.show({ icon: 'success', content: '出價已送出，款項已預留' });
    setResult(res);
  };
  return (
    <form
      className="price-alert-form"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <h2 id="offer-title" className="price-alert-title">
        向「{target.name}」出價
      </h2>
      <HkdField
        id="offer-price"
        label="出價（HK$）"
        value={text}
        onChange={setText}
        error={error}
        note={refsText(target)}
        noteId="offer-refs"
      />
      <fieldset className="price-alert-choice">
        <legend>出價有效期</legend>
        {OFFER_EXPIRIES.map((o) => (
          <label key={o.hours}>
            <input
              type="radio"
              name="offer-expiry"
              value={o.hours}
              checked={hours === o.hours}
              onChange={() => setHours(o.hours)}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      <p id="offer-note" className="price-alert-note">
        出價金額會從錢包餘額預留，直至成交、被拒絕、取消或過期；餘額不足時可先付款。
      </p>
      <Button type="submit" color="primary" block loading={busy} disabled={cents === null}>
        確認出價
      </Button>
      <Button block onClick={onClose}>
        取消
      </Button>
    </form>
  );
}
