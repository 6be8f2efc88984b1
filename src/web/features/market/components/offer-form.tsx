import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { Link } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import type { CreateOfferResult } from '../../../../shared/schemas/offers';
import { isFailure } from '../../../lib/request';
import { createOffer } from '../api/create-offer';
import { PriceInput } from './price-input';
import { checkPrice } from '../../../lib/check-price';
import type { OfferTarget } from './offer-sheet';
import '../../../components/price-alert-sheet.css';

/** How long an offer stays open (decision 040: 24 – 168 hours). */
export const OFFER_EXPIRIES = [
  { hours: 24, label: '24 小時' },
  { hours: 72, label: '3 日' },
  { hours: 168, label: '7 日' },
] as const;

function Sent({ result, onClose }: { result: CreateOfferResult; onClose: () => void }) {
  return (
    <div className="price-alert-form">
      <h2 id="offer-title" className="price-alert-title">
        已出價 {formatHkd(result.price)}
      </h2>
      <p className="price-alert-note">款項已從錢包預留，賣家接受即成交；拒絕、取消或過期會退回餘額。</p>
      {result.warning && (
        <p className="market-error" role="alert">
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
      listingId: target.listingId,
      price: cents,
      expiresInHours: hours,
    });
    setBusy(false);
    if (isFailure(res)) return;
    Toast.show({ icon: 'success', content: '出價已送出，款項已預留' });
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
      <PriceInput
        id="offer-price"
        label="出價（HK$）"
        value={text}
        onChange={setText}
        error={error}
        refs={[
          ['售價', target.askPrice],
          ['市場價', target.marketPrice],
        ]}
        describedBy="offer-note"
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
        出價金額會從錢包餘額預留，直至成交、被拒絕、取消或過期。
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
