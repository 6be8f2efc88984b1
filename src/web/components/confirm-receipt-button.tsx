import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import type { Shipment } from '../../shared/schemas/delivery';
import { confirmReceipt } from '../api/confirm-receipt';
import { isFailure } from '../lib/request';

/** 確認收貨 on a delivered shipment: asks once, then ends the shipment; `onDone` gets it as it is now. */
export function ConfirmReceiptButton({ shipmentId, onDone }: { shipmentId: string; onDone: (s: Shipment) => void }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    const sure = await Dialog.confirm({
      content: '確定已收到所有物品？確認後此提貨訂單即告完成。',
      confirmText: '確認收貨',
      cancelText: '再等等',
    });
    if (!sure) return;
    setBusy(true);
    const res = await confirmReceipt(shipmentId);
    setBusy(false);
    if (isFailure(res)) return;
    Toast.show({ icon: 'success', content: '已確認收貨' });
    onDone(res);
  };
  return (
    <Button color="primary" block loading={busy} onClick={() => void confirm()}>
      確認收貨
    </Button>
  );
}
