import { useState } from 'react';
import { Button, Popup, Toast } from 'antd-mobile';
import { formatHkd } from '../../../../shared/money';
import type { DeskListing } from '../../../../shared/schemas/market-desk';
import { isFailure } from '../../../lib/request';
import { editPrice } from '../api/edit-price';
import { FeeSummary, PriceInput } from './price-input';
import { checkPrice } from '../../../lib/check-price';
import { sideOfSellType } from '../../../../shared/market-labels';

/** 改價: a sheet with the new price (and, for a bid, what moves between the balance and the escrow). */
export function EditPriceSheet({
  listing,
  onClose,
  onDone,
}: {
  listing: DeskListing | null;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <Popup
      visible={listing !== null}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="market-popup"
    >
      {listing && (
        <div role="dialog" aria-label="更改價格">
          <EditPriceForm listing={listing} onClose={onClose} onDone={onDone} />
        </div>
      )}
    </Popup>
  );
}

function EditPriceForm({
  listing: l,
  onClose,
  onDone,
}: {
  listing: DeskListing;
  onClose: () => void;
  onDone: () => void;
}) {
  const [text, setText] = useState((l.price / 100).toFixed(2));
  const [busy, setBusy] = useState(false);
  const { cents, error } = checkPrice(text);
  const same = cents === l.price;
  const save = async () => {
    if (cents === null || same) return;
    setBusy(true);
    const res = await editPrice(l.id, cents, l.version);
    setBusy(false);
    if (isFailure(res)) return;
    Toast.show({ icon: 'success', content: `價格已更新為 ${formatHkd(res.price)}` });
    onDone();
  };
  // A bid's escrow holds the price of each copy not yet filled.
  const sell = sideOfSellType(l.sell_type) === 'sell';
  const remaining = l.quantity - l.filled;
  const d = cents === null ? 0 : (cents - l.price) * remaining;
  return (
    <form
      className="market-filter-panel desk-price-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 className="market-section-title">
        更改「{l.itemName}」的{sell ? '售價' : '求購價'}
      </h2>
      <PriceInput
        id="desk-price"
        label={sell ? '新售價（HK$）' : '新求購價（HK$）'}
        value={text}
        onChange={setText}
        error={error}
        refs={[['現價', l.price]]}
      />
      {cents !== null && sell ? <FeeSummary cents={cents} /> : null}
      {cents !== null && !sell && d !== 0 ? (
        <p className="market-note">
          {d > 0
            ? `會從錢包餘額再預付 ${formatHkd(d)}，求購預付款共 ${formatHkd(cents * remaining)}。`
            : `${formatHkd(-d)} 會退回你的錢包餘額。`}
        </p>
      ) : null}
      <p className="market-note">改價不影響掛單的到期時間，舊價格會留在價格紀錄。</p>
      <Button type="submit" color="primary" block loading={busy} disabled={cents === null || same}>
        確認改價
      </Button>
      <Button block onClick={onClose}>
        取消
      </Button>
    </form>
  );
}
