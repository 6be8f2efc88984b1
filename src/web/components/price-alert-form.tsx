import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { dollarsToCents, formatHkd } from '../../shared/money';
import {
  ALERT_OP_LABELS,
  ALERT_OPS,
  ALERT_SIDE_LABELS,
  ALERT_SIDES,
  CreateAlertBodySchema,
  type AlertOp,
  type AlertSide,
} from '../../shared/schemas/alerts';
import { createAlert } from '../api/create-alert';
import { isFailure } from '../lib/request';
import type { AlertTarget } from './sheet-buttons';
import { HkdField } from './hkd-field';

/*
 * The price alert sheet's form (price-alert-sheet.tsx), loaded when the sheet first opens: it checks the price with the
 * server's own schema, and zod is not among what /market/detail loads first (decision 035).
 */

/** The price typed in HK$ → cents, checked by the server's own schema (its zh-HK message). */
function checkAlertPrice(target: AlertTarget, side: AlertSide, op: AlertOp, text: string) {
  if (!text.trim()) return { body: null, error: null };
  const cents = dollarsToCents(text);
  if (cents === null) return { body: null, error: '請輸入金額，例如 120 或 88.50' };
  const item = target.kind === 'card' ? { cardInfoId: target.id } : { productId: target.id };
  const parsed = CreateAlertBodySchema.safeParse({ ...item, side, op, price: cents });
  if (parsed.success) return { body: parsed.data, error: null };
  return { body: null, error: parsed.error.issues[0]?.message ?? '價格不正確' };
}

function Choice<T extends string>(props: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="price-alert-choice">
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o}>
          <input
            type="radio"
            name={props.name}
            value={o}
            checked={props.value === o}
            onChange={() => props.onChange(o)}
          />
          {props.labels[o]}
        </label>
      ))}
    </fieldset>
  );
}

export default function PriceAlertForm({ target, onClose }: { target: AlertTarget; onClose: () => void }) {
  const [side, setSide] = useState<AlertSide>('ask');
  const [op, setOp] = useState<AlertOp>('below');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const { body, error } = checkAlertPrice(target, side, op, text);
  const now = side === 'ask' ? target.lowestAsk : target.highestBid;
  const save = async () => {
    if (!body) return;
    setBusy(true);
    const res = await createAlert(body);
    setBusy(false);
    if (isFailure(res)) return;
    Toast.show({ icon: 'success', content: '已設定價格提醒' });
    onClose();
  };
  return (
    <form
      className="price-alert-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id="price-alert-title" className="price-alert-title">
        「{target.name}」價格提醒
      </h2>
      <Choice
        legend="提醒哪一邊"
        name="side"
        options={ALERT_SIDES}
        labels={ALERT_SIDE_LABELS}
        value={side}
        onChange={setSide}
      />
      <Choice legend="條件" name="op" options={ALERT_OPS} labels={ALERT_OP_LABELS} value={op} onChange={setOp} />
      <HkdField
        id="price-alert-price"
        label="提醒價格（HK$）"
        value={text}
        onChange={setText}
        error={error}
        note={`現時${side === 'ask' ? '最低售價' : '最高出價'}：${now === null ? '—' : formatHkd(now)}。提醒一次後，價格回落 5% 才會再次提醒。`}
      />
      <Button type="submit" color="primary" block loading={busy} disabled={!body}>
        設定提醒
      </Button>
      <Button block onClick={onClose}>
        取消
      </Button>
    </form>
  );
}
