import { useState } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { BUY_LISTING_TTL_MS } from '../../../../shared/constants';
import { formatHkd } from '../../../../shared/money';
import { formatSerialRange } from '../../../../shared/serial';
import type { ItemKind } from '../../../../shared/schemas/market';
import { getCardInfo } from '../../../api/get-card-info';
import { getMarketDetail } from '../../../api/get-market-detail';
import { getProduct } from '../../../api/get-product';
import { ErrorState, LoadingState } from '../../../components/state-views';
import { isFailure, type Failure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { createListing, newIdempotencyKey } from '../api/create-listing';
import { cardTarget, productTarget, TargetPicker, type Target } from './buy-target';
import { PriceInput, ttlDays } from './price-input';
import { checkPrice } from '../../../lib/check-price';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { checkSerialRange, SerialRangeInput } from './serial-range-input';
import { SELL_TYPE } from '../../../../shared/market-labels';

/** 「（只收序號 #1–#10）」 for the confirmation; '' for any serial. */
const rangeText = (r: { serialMin?: number; serialMax?: number }) => {
  const label = formatSerialRange(r.serialMin ?? null, r.serialMax ?? null);
  return label ? `（只收序號 ${label}）` : '';
};

function BuyForm({ target, onChangeTarget }: { target: Target; onChangeTarget: () => void }) {
  const navigate = useNavigate();
  const refs = useLoad(
    () =>
      getMarketDetail(
        target.kind === 'card'
          ? { cardInfoId: target.id, sell_type: SELL_TYPE.buy }
          : { productId: target.id, sell_type: SELL_TYPE.buy },
      ),
    [target.kind, target.id],
  );
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const [serials, setSerials] = useState({ min: '', max: '' });
  const checked = checkPrice(price);
  const serial = checkSerialRange(serials, target.id);
  const r = refs.status === 'ready' ? refs.data : null;

  const submit = async () => {
    setTouched(true);
    if (checked.cents === null || serial.error) return;
    const total = checked.cents * quantity;
    const sure = await Dialog.confirm({
      title: '確認求購',
      content: `以每件 ${formatHkd(checked.cents)} 求購 ${quantity} 件「${target.name}」${rangeText(serial.range)}。需先預付 ${formatHkd(total)}，款項由平台託管，每成交一件付出一件的價錢；${ttlDays(BUY_LISTING_TTL_MS)} 日內未成交的部分或你取消時，餘款全數退回錢包餘額。`,
      confirmText: '前往付款',
      cancelText: '再想想',
    });
    if (!sure) return;
    setBusy(true);
    const body =
      target.kind === 'card'
        ? {
            sell_type: SELL_TYPE.buy,
            kind: 'card' as const,
            cardInfoId: target.id,
            price: checked.cents,
            quantity,
            ...serial.range,
          }
        : { sell_type: SELL_TYPE.buy, kind: 'goods' as const, productId: target.id, price: checked.cents, quantity };
    const res = await createListing(body, key);
    setBusy(false);
    if (isFailure(res)) return;
    navigate(
      res.orderNo
        ? `/mall/pay?orderNo=${encodeURIComponent(res.orderNo)}`
        : `/market/detail?id=${encodeURIComponent(res.listing.id)}`,
      { replace: true },
    );
  };

  return (
    <>
      <section className="market-section" aria-labelledby="bid-target-title">
        <h2 id="bid-target-title" className="market-section-title">
          求購
        </h2>
        <div className="market-pick selected">
          {target.image && <img src={target.image} alt="" />}
          <span className="market-pick-text">
            <strong>{target.name}</strong>
            <span>{target.sub}</span>
          </span>
          <Button size="small" fill="none" onClick={onChangeTarget}>
            更改
          </Button>
        </div>
      </section>
      <section className="market-section" aria-label="出價">
        <PriceInput
          id="bid-price"
          label="出價（港幣）"
          value={price}
          onChange={setPrice}
          error={checked.error ?? (touched && checked.cents === null ? '請輸入出價' : null)}
          refs={[
            ['最低售價', r?.floorPrice ?? null],
            ['最近成交', r?.lastSale?.price ?? null],
            ['最高出價', r?.highestBid ?? null],
          ]}
        />
        <QuantityStepper label="求購數量（1 至 10 件）" min={1} max={10} value={quantity} onChange={setQuantity} />
        {target.kind === 'card' && (
          <SerialRangeInput
            value={serials}
            onChange={setSerials}
            error={serial.error}
            editionSize={target.editionSize ?? null}
          />
        )}
        {checked.cents !== null && (
          <p className="market-muted">
            需預付 <strong>{formatHkd(checked.cents * quantity)}</strong>（可用錢包餘額或網上付款），由平台託管至成交；
            {ttlDays(BUY_LISTING_TTL_MS)} 日後未成交會自動退回錢包餘額。
          </p>
        )}
      </section>
      <div className="market-form-actions">
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={submit}>
          發佈求購並付款
        </Button>
      </div>
    </>
  );
}

/** 求購: the target given by the link (or picked from the catalogue), then the bid. */
export function BuyMode({ initial }: { initial: { kind: ItemKind; id: string } | null }) {
  const loaded = useLoad(async (): Promise<Target | null | Failure> => {
    if (!initial) return null;
    if (initial.kind === 'card') {
      const c = await getCardInfo(initial.id);
      return isFailure(c) ? c : cardTarget(c);
    }
    const p = await getProduct(initial.id);
    return isFailure(p) ? p : productTarget(p);
  }, [initial?.kind, initial?.id]);
  const [chosen, setChosen] = useState<Target | null | undefined>(undefined);
  if (chosen === undefined && loaded.status === 'loading') return <LoadingState />;
  if (chosen === undefined && loaded.status === 'error')
    return <ErrorState title="未能載入求購目標" onRetry={loaded.reload} />;
  const target = chosen === undefined ? (loaded.status === 'ready' ? loaded.data : null) : chosen;
  if (!target) return <TargetPicker onPick={setChosen} />;
  return <BuyForm key={target.id} target={target} onChangeTarget={() => setChosen(null)} />;
}
