import { useState } from 'react';
import { Button, List, Popup } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { payOrderReturnPath } from '../../../../shared/routes';
import { SET_QUOTE_SOURCE_LABELS, type SetQuote, type SetQuoteLine } from '../../../../shared/schemas/set-quote';
import { isFailure } from '../../../lib/request';
import { createPayOrder, newIdempotencyKey } from '../../../api/create-pay-order';
import { getCompletionQuote } from '../api/get-completion-quote';
import { SetQuoteBids } from './set-quote-bids';

/** Where a line comes from, for its row: 「商城・尚餘 352 張」 or 「市場・#0012/1000」 (issue 44). */
const sourceText = (l: SetQuoteLine) =>
  l.source === 'mall'
    ? `${SET_QUOTE_SOURCE_LABELS.mall}・尚餘 ${l.left ?? 0} 張`
    : `${SET_QUOTE_SOURCE_LABELS.market}・${l.serialLabel ?? ''}`;

/** What the quote shows: owned, each missing card's cheapest source, the cards nobody sells, and the total. */
function QuoteBody({ quote }: { quote: SetQuote }) {
  return (
    <>
      <p className="field-hint">
        已擁有 {quote.owned.length} 款：{quote.owned.map((c) => `「${c.name}」`).join('、') || '—'}
      </p>
      {quote.lines.length > 0 && (
        <List header="欠缺的卡牌（商城或市場最低價）">
          {quote.lines.map((l) => (
            <List.Item key={l.cardInfoId} description={sourceText(l)} extra={formatHkd(l.price)}>
              {l.name}
            </List.Item>
          ))}
          <List.Item extra={<strong>{formatHkd(quote.total)}</strong>}>合共（港幣）</List.Item>
        </List>
      )}
      {quote.unlisted.length > 0 && <SetQuoteBids themeId={quote.themeId} cards={quote.unlisted} />}
      {quote.quoteId && <p className="field-hint">報價有效 2 分鐘；付款後卡牌會一次過存入你的收藏。</p>}
    </>
  );
}

/** 「一鍵補齊」 on a started theme (decision 042): opens the quote, then pays it in one order through the checkout. */
export function SetCompletion({ themeId, themeName }: { themeId: string; themeName: string }) {
  const navigate = useNavigate();
  const [quote, setQuote] = useState<SetQuote | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = `set-quote-${themeId}`;

  const open = async () => {
    setBusy(true);
    const q = await getCompletionQuote(themeId);
    setBusy(false);
    if (!isFailure(q)) setQuote(q);
  };
  const pay = async () => {
    if (!quote?.quoteId) return;
    setBusy(true);
    const order = await createPayOrder({ type: 'set', themeId, quoteId: quote.quoteId }, newIdempotencyKey());
    setBusy(false);
    if (isFailure(order)) {
      // A listing or a mall edition went or got dearer: the toast says so; show the new quote.
      if (order.code === 409) await open();
      return;
    }
    setQuote(null);
    if (order.payUrl) window.location.assign(order.payUrl);
    else navigate(payOrderReturnPath(order));
  };

  return (
    <>
      <Button block fill="outline" color="primary" loading={busy && !quote} onClick={open}>
        一鍵補齊
      </Button>
      <Popup visible={quote !== null} onMaskClick={() => setQuote(null)} bodyClassName="set-quote-popup">
        {quote && (
          <section role="dialog" aria-modal="true" aria-labelledby={titleId} className="set-quote">
            <h3 id={titleId}>一鍵補齊「{themeName}」</h3>
            <QuoteBody quote={quote} />
            <div className="theme-actions">
              <Button block color="primary" disabled={!quote.quoteId} loading={busy} onClick={pay}>
                {quote.quoteId ? `付款 ${formatHkd(quote.total)}` : '暫時沒有可購買的卡牌'}
              </Button>
              <Button block onClick={() => setQuote(null)}>
                關閉
              </Button>
            </div>
          </section>
        )}
      </Popup>
    </>
  );
}
