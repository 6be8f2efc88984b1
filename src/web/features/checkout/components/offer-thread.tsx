import { useEffect, useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkDateTime } from '../../../../shared/hk-time';
import { formatHkd } from '../../../../shared/money';
import { OFFER_STATUS_LABELS, type Offer, type OfferDetail } from '../../../../shared/schemas/offers';
import { useSellerWallet } from '../../../api/get-wallet';
import { sellingBlock, SellingNote } from '../../../components/selling-gate';
import { ErrorState, LoadingState } from '../../../components/state-views';
import { checkPrice } from '../../../lib/check-price';
import { isFailure, type Failure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { acceptOffer } from '../api/accept-offer';
import { cancelOffer } from '../api/cancel-offer';
import { counterOffer } from '../api/counter-offer';
import { declineOffer } from '../api/decline-offer';
import { getOffer } from '../api/get-offer';
import '../../../components/price-alert-sheet.css';
import { HkdField } from '../../../components/hkd-field';

/** Whose turn, in words, for the viewer. */
export function turnText(o: Offer): string {
  if (o.status !== 'open') return OFFER_STATUS_LABELS[o.status];
  if (o.myTurn) return '輪到你回覆';
  return o.role === 'buyer' ? '等待賣家回覆' : '等待買家回覆';
}

const sideText = (o: Offer, by: 'buyer' | 'seller') => (by === o.role ? '你' : by === 'buyer' ? '買家' : '賣家');

/** The thread in words, oldest first: every price named, then its acceptance (by the side that did not name it last). */
export function threadSteps(o: OfferDetail): { key: string; text: string; at: string }[] {
  const steps = o.thread.map((r) => ({
    key: `round-${r.n}`,
    text: `${sideText(o, r.by)}${r.n === 1 ? '出價' : '還價'} ${formatHkd(r.price)}`,
    at: r.createdAt,
  }));
  const last = o.thread.at(-1);
  if (o.status === 'accepted' && last && o.closedAt)
    steps.push({
      key: 'accepted',
      text: `${sideText(o, last.by === 'buyer' ? 'seller' : 'buyer')}已接受 ${formatHkd(o.price)}`,
      at: o.closedAt,
    });
  return steps;
}

function Counter({ o, run }: { o: OfferDetail; run: (call: () => Promise<unknown>, done: string) => void }) {
  const [text, setText] = useState('');
  const { cents, error } = checkPrice(text);
  return (
    <form
      className="offer-counter"
      onSubmit={(e) => {
        e.preventDefault();
        if (cents !== null) run(() => counterOffer(o.id, cents), '已還價');
      }}
    >
      <HkdField
        id="offer-counter"
        label="還價（HK$）"
        value={text}
        onChange={setText}
        error={error}
        note={`市場價：${o.marketPrice === null ? '—' : formatHkd(o.marketPrice)}。還價後輪到對方回覆，最多 ${o.maxRounds} 輪。`}
      />
      <Button type="submit" block disabled={cents === null}>
        送出還價
      </Button>
    </form>
  );
}

/** One offer's thread (every price named) and the actions the viewer may take now. */
function Thread({ o, onChanged }: { o: OfferDetail; onChanged: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    void call().then((res) => {
      setBusy(false);
      if (isFailure(res as Failure | object)) return;
      Toast.show({ icon: 'success', content: done });
      onChanged();
    });
  };
  const ask = async (content: string, confirmText: string) =>
    Dialog.confirm({ content, confirmText, cancelText: '返回' });
  const open = o.status === 'open';
  const canCounter = open && o.myTurn && o.rounds < o.maxRounds;
  // The owner sells when they accept: without verification or a payout account it is said here, before 接受 (issue 44).
  const wallet = useSellerWallet(open && o.role === 'seller');
  const sellerBlocked = wallet.status === 'ready' && !!wallet.data && sellingBlock(wallet.data) !== null;
  return (
    <div className="price-alert-form">
      <h2 id="offer-thread-title" className="price-alert-title">
        {o.role === 'buyer' ? '我的出價' : '收到的出價'}：{o.itemName}
      </h2>
      <p className="price-alert-note">
        {turnText(o)}・{open ? '現時價格' : o.status === 'accepted' ? '成交價' : '最後價格'} {formatHkd(o.price)}・第{' '}
        {o.rounds}/{o.maxRounds} 輪{open ? `・${formatHkDateTime(o.expiresAt)} 到期` : ''}
        {o.closeReason === 'sold' ? '・物品已售予其他買家' : o.closeReason === 'unavailable' ? '・物品已不可出售' : ''}
      </p>
      <ol aria-label="出價記錄" className="offer-thread-log">
        {threadSteps(o).map((step) => (
          <li key={step.key}>
            {step.text}・{formatHkDateTime(step.at)}
          </li>
        ))}
      </ol>
      {sellerBlocked && wallet.data ? <SellingNote wallet={wallet.data} action="接受出價" /> : null}
      {open && o.myTurn && !sellerBlocked && (
        <Button
          color="primary"
          block
          loading={busy}
          onClick={async () => {
            const text =
              o.role === 'buyer'
                ? `以 ${formatHkd(o.price)} 成交？差額會從錢包餘額補上；餘額不足時，可付款補足差額，付款後即成交。`
                : `以 ${formatHkd(o.price)} 賣出「${o.itemName}」？`;
            if (!(await ask(text, '接受'))) return;
            setBusy(true);
            const res = await acceptOffer(o.id, o.price);
            setBusy(false);
            if (isFailure(res)) return;
            // The balance was short: the top-up order settles the accept once paid.
            if (res.orderNo) return navigate(`/mall/pay?orderNo=${encodeURIComponent(res.orderNo)}`);
            Toast.show({ icon: 'success', content: '已成交' });
            onChanged();
          }}
        >
          接受 {formatHkd(o.price)}
        </Button>
      )}
      {canCounter && <Counter o={o} run={run} />}
      {open && o.myTurn && o.role === 'seller' && (
        <Button
          block
          loading={busy}
          onClick={async () => {
            if (await ask('確定拒絕這個出價？款項會退回買家。', '拒絕')) run(() => declineOffer(o.id), '已拒絕出價');
          }}
        >
          拒絕
        </Button>
      )}
      {open && o.role === 'buyer' && (
        <Button
          block
          color="danger"
          fill="outline"
          loading={busy}
          onClick={async () => {
            if (await ask('確定取消出價？款項會退回你的錢包餘額。', '取消出價'))
              run(() => cancelOffer(o.id), '出價已取消，款項已退回餘額');
          }}
        >
          取消出價
        </Button>
      )}
    </div>
  );
}

/**
 * The thread sheet's body: loads the offer `id` and reloads it (and the list) after each action; `onSide` tells the
 * list behind it the viewer's side (a notification link names only the offer).
 */
export function OfferThread({
  id,
  onChanged,
  onSide,
}: {
  id: string;
  onChanged: () => void;
  onSide: (side: 'buyer' | 'seller') => void;
}) {
  const state = useLoad(() => getOffer(id), [id]);
  const side = state.status === 'ready' ? state.data.role : null;
  useEffect(() => {
    if (side) onSide(side);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [side]);
  if (state.status === 'loading') return <LoadingState label="正在載入出價…" />;
  if (state.status === 'error') return <ErrorState title="未能載入出價" onRetry={state.reload} />;
  return (
    <Thread
      o={state.data}
      onChanged={() => {
        state.reload();
        onChanged();
      }}
    />
  );
}
