import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { CLIENT_SEED_MAX, ClientSeedSchema, type PackSeriesDetail } from '../../../../shared/schemas/packs';
import { MAX_ORDER_QUANTITY } from '../../../../shared/schemas/pay-orders';
import { createPayOrder, newIdempotencyKey } from '../../../api/create-pay-order';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { readToken } from '../../../lib/auth-storage';
import { isFailure } from '../../../lib/request';
import { PackPart } from './pack-part';

/** Why the series cannot be bought now, or null; a hot series waits for the buyer's turn in the queue. */
function notBuyable(pack: PackSeriesDetail, waiting: boolean): string | null {
  if (pack.saleState === 'upcoming') return '尚未開售';
  if (pack.saleState === 'sold_out' || (pack.saleState === 'on_sale' && pack.packsLeft <= 0)) return '已售罄';
  if (pack.saleState !== 'on_sale') return '已結束發售';
  if (waiting) return '熱門卡包：輪到你後才可購買';
  return null;
}

/**
 * 購買: how many packs and the buyer's own client seed (optional: the server makes a random one), then the order is
 * created here (with its Idempotency-Key) and paid on /mall/pay?orderNo= like any mall order (sandbox, card or balance).
 * `waiting`: a hot series whose waiting room has not admitted the buyer yet (the order would need the admission).
 */
export function PackBuy({ pack, waiting = false }: { pack: PackSeriesDetail; waiting?: boolean }) {
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState(1);
  const [seed, setSeed] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reason = notBuyable(pack, waiting);
  const signedIn = readToken() !== null;
  const max = Math.max(1, Math.min(pack.perUserLimit, pack.packsLeft, MAX_ORDER_QUANTITY));

  const buy = async () => {
    if (!signedIn) return navigate('/login');
    const trimmed = seed.trim();
    const checked = trimmed ? ClientSeedSchema.safeParse(trimmed) : null;
    if (checked && !checked.success) return setError(checked.error.issues[0]?.message ?? '「客戶種子」格式不正確');
    setError(null);
    setBusy(true);
    const order = await createPayOrder(
      { type: 'pack', seriesId: pack.id, quantity, ...(trimmed ? { clientSeed: trimmed } : {}) },
      newIdempotencyKey(),
    );
    setBusy(false);
    if (!isFailure(order)) navigate(`/mall/pay?orderNo=${encodeURIComponent(order.orderNo)}`);
  };

  return (
    <PackPart id="pack-buy-title" title="購買卡包">
      <List>
        <List.Item
          description={`每人限購 ${pack.perUserLimit} 包，尚餘 ${pack.packsLeft} 包`}
          extra={
            <QuantityStepper
              label="購買包數"
              min={1}
              max={max}
              value={quantity}
              onChange={setQuantity}
              disabled={reason !== null}
            />
          }
        >
          包數
        </List.Item>
        <List.Item extra={<strong>{formatHkd(pack.priceCents * quantity)}</strong>}>合共（港幣）</List.Item>
      </List>
      <div className="pack-seed">
        <label htmlFor="pack-client-seed">客戶種子（選填）</label>
        <input
          id="pack-client-seed"
          className="boxed-input"
          value={seed}
          maxLength={CLIENT_SEED_MAX}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="pack-seed-hint"
          aria-invalid={error ? true : undefined}
          aria-errormessage={error ? 'pack-seed-error' : undefined}
          onChange={(e) => setSeed(e.target.value)}
        />
        <p id="pack-seed-hint" className="pack-hint">
          最多 {CLIENT_SEED_MAX} 個字元；留空會為你隨機產生。種子會與訂單一併公開，用來驗證抽卡。
        </p>
        {error && (
          <p id="pack-seed-error" className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <Button block color="primary" size="large" loading={busy} disabled={reason !== null || busy} onClick={buy}>
        {reason ?? (signedIn ? `購買 ${quantity} 包` : '登入後購買')}
      </Button>
    </PackPart>
  );
}
