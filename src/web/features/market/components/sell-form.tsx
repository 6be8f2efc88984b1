import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { SELL_LISTING_TTL_MS } from '../../../../shared/constants';
import { formatHkd } from '../../../../shared/money';
import { marketFee, type ConsignableItem, type ItemKind } from '../../../../shared/schemas/market';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { isFailure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { listConsignable } from '../api/consignable';
import { createListing, newIdempotencyKey } from '../api/create-listing';
import { ItemPicks } from './item-picks';
import { SellNow } from './sell-now';
import { KindToggle } from './kind-toggle';
import { FeeSummary, PriceInput, ttlDays } from './price-input';
import { checkPrice } from '../../../lib/check-price';
import { SELL_TYPE } from '../../../../shared/market-labels';

const PAGE = 50;

/** 出售: one of the user's eligible items and a price; posts a sell listing. */
export function SellForm({ initialKind, initialItemId }: { initialKind: ItemKind; initialItemId: string | null }) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<ItemKind>(initialKind);
  const [pages, setPages] = useState(1);
  const items = useLoad(async () => {
    const all: ConsignableItem[] = [];
    for (let page = 1; page <= pages; page += 1) {
      const res = await listConsignable({ kind, page, pageSize: PAGE });
      if (isFailure(res)) return res;
      all.push(...res);
      if (res.length < PAGE) return { all, more: false };
    }
    return { all, more: true };
  }, [kind, pages]);
  const [picked, setPicked] = useState<string | null>(initialItemId);
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);

  const list = items.status === 'ready' ? items.data.all : [];
  const item = list.find((i) => i.itemId === picked) ?? null;
  const checked = checkPrice(price);
  const lowWarning = item?.floorPrice && checked.cents !== null && checked.cents < item.floorPrice / 2;
  const highWarning = item?.floorPrice && checked.cents !== null && checked.cents > item.floorPrice;
  const market = item?.marketPrice.price ?? null;
  const lowMarket = market !== null && checked.cents !== null && checked.cents < market / 2;

  const submit = async () => {
    setTouched(true);
    if (!item || checked.cents === null) return;
    const { fee, proceeds } = marketFee(checked.cents);
    const sure = await Dialog.confirm({
      title: '確認上架',
      content: `以 ${formatHkd(checked.cents)} 出售「${item.itemName}${item.serialLabel ? ` ${item.serialLabel}` : ''}」。成交時收取手續費 ${formatHkd(fee)}，你會收到 ${formatHkd(proceeds)}。掛單 ${ttlDays(SELL_LISTING_TTL_MS)} 日後到期。`,
      confirmText: '確認上架',
      cancelText: '再想想',
    });
    if (!sure) return;
    setBusy(true);
    const res = await createListing(
      { sell_type: SELL_TYPE.sell, kind, itemId: item.itemId, price: checked.cents },
      newIdempotencyKey(),
    );
    setBusy(false);
    if (isFailure(res)) return;
    Toast.show({ icon: 'success', content: '已上架' });
    navigate(`/market/detail?id=${encodeURIComponent(res.listing.id)}`, { replace: true });
  };

  return (
    <>
      <section className="market-section" aria-labelledby="pick-title">
        <div className="market-toolbar flush">
          <h2 id="pick-title" className="market-section-title">
            選擇要出售的{kind === 'card' ? '卡牌' : '物品'}
          </h2>
          <KindToggle
            kind={kind}
            onChange={(k) => {
              setKind(k);
              setPicked(null);
              setPages(1);
            }}
          />
        </div>
        {items.status === 'loading' ? (
          <LoadingState label="正在載入可出售的物品…" />
        ) : items.status === 'error' ? (
          <ErrorState title="未能載入可出售的物品" onRetry={items.reload} />
        ) : list.length === 0 ? (
          <EmptyState
            title={`沒有可出售的${kind === 'card' ? '卡牌' : '物品'}`}
            description="已掛單、交易中或買入後 24 小時內的物品不能出售。可先到商城購買或兌換卡牌。"
            action={
              <Button onClick={() => navigate(kind === 'card' ? '/my/card' : '/mall')}>
                {kind === 'card' ? '兌換卡牌' : '前往商城'}
              </Button>
            }
          />
        ) : (
          <>
            <ItemPicks
              name="sell-item"
              labelledBy="pick-title"
              items={list}
              picked={picked}
              onPick={setPicked}
              title={(i) => `${i.itemName}${i.serialLabel ? ` ${i.serialLabel}` : ''}`}
              sub={(i) => `最低售價 ${i.floorPrice === null ? '—' : formatHkd(i.floorPrice)}`}
            />
            {items.data.more && (
              <Button block fill="none" onClick={() => setPages((p) => p + 1)}>
                載入更多
              </Button>
            )}
          </>
        )}
        {touched && !item && list.length > 0 && (
          <p className="market-error" role="alert">
            請選擇要出售的物品
          </p>
        )}
      </section>
      {item ? <SellNow key={item.itemId} item={item} /> : null}
      <section className="market-section" aria-label="售價">
        <PriceInput
          id="sell-price"
          label="售價（港幣）"
          value={price}
          onChange={setPrice}
          error={checked.error ?? (touched && checked.cents === null ? '請輸入售價' : null)}
          refs={[
            ['最低售價', item?.floorPrice ?? null],
            ['最近成交', item?.lastSale?.price ?? null],
            ['最高出價', item?.highestBid ?? null],
            ['市場價', market],
          ]}
          describedBy={
            [lowWarning ? 'sell-low' : highWarning ? 'sell-high' : '', lowMarket ? 'sell-low-market' : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
        />
        {lowWarning && (
          <p id="sell-low" className="market-warning" role="status">
            售價低於現時最低售價的一半（{formatHkd(item.floorPrice!)}），請確認沒有輸入錯誤。
          </p>
        )}
        {lowMarket && (
          <p id="sell-low-market" className="market-warning" role="status">
            售價低於市場價的一半（{formatHkd(market)}），請確認沒有輸入錯誤。
          </p>
        )}
        {highWarning && (
          <p id="sell-high" className="market-warning" role="status">
            售價高於現時最低售價（{formatHkd(item.floorPrice!)}），買家會先看到較便宜的掛單。
          </p>
        )}
        {checked.cents !== null && <FeeSummary cents={checked.cents} />}
      </section>
      <div className="market-form-actions">
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={submit}>
          確認上架
        </Button>
      </div>
    </>
  );
}
