import { useState, type ReactNode } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { BUY_LISTING_TTL_MS, SELL_LISTING_TTL_MS } from '../../../shared/constants';
import { formatHkd } from '../../../shared/money';
import { marketFee, type ConsignableItem, type ItemKind } from '../../../shared/schemas/market';
import type { Wallet } from '../../../shared/schemas/wallet';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import { isFailure, type Failure } from '../../lib/request';
import { useLoad } from '../../lib/use-load';
import { listConsignable } from './api/consignable';
import { createListing, newIdempotencyKey } from './api/create-listing';
import { getCardInfo } from '../../api/get-card-info';
import { getCardInfos } from '../../api/get-card-infos';
import { getMarketDetail } from '../../api/get-market-detail';
import { getProduct } from '../../api/get-product';
import { getProducts } from '../../api/get-products';
import { getWallet } from '../../api/get-wallet';
import { useQueryState } from './components/market-params';
import { FeeSummary, PriceInput, checkPrice } from './components/price-input';
import './market.css';

const PAGE = 50;
const days = (ms: number) => Math.round(ms / 86_400_000);

function KindToggle({ kind, onChange }: { kind: ItemKind; onChange: (k: ItemKind) => void }) {
  return (
    <div className="market-toggle" role="group" aria-label="類別">
      {(['card', 'goods'] as const).map((k) => (
        <button
          key={k}
          type="button"
          aria-pressed={kind === k}
          className="market-toggle-button"
          onClick={() => onChange(k)}
        >
          {k === 'card' ? '卡牌' : '物品'}
        </button>
      ))}
    </div>
  );
}

/** What stops the user from posting, with the way to fix it. */
function Gate({ wallet, mode, children }: { wallet: Wallet; mode: 'sell' | 'buy'; children: ReactNode }) {
  const navigate = useNavigate();
  if (!wallet.verified)
    return (
      <EmptyState
        title="請先完成實名認證"
        description="在市場買賣前，需要先以身份證明文件完成實名認證。"
        action={
          <Button color="primary" onClick={() => navigate('/my/verify')}>
            前往實名認證
          </Button>
        }
      />
    );
  if (mode === 'sell' && !wallet.payoutAccount)
    return (
      <EmptyState
        title="請先設定收款帳戶"
        description="出售所得會存入錢包，並可提現到你的收款帳戶。"
        action={
          <Button color="primary" onClick={() => navigate('/my/payment')}>
            設定收款帳戶
          </Button>
        }
      />
    );
  return <>{children}</>;
}

function SellForm({ initialKind, initialItemId }: { initialKind: ItemKind; initialItemId: string | null }) {
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

  const submit = async () => {
    setTouched(true);
    if (!item || checked.cents === null) return;
    const { fee, proceeds } = marketFee(checked.cents);
    const sure = await Dialog.confirm({
      title: '確認上架',
      content: `以 ${formatHkd(checked.cents)} 出售「${item.itemName}${item.serialLabel ? ` ${item.serialLabel}` : ''}」。成交時收取手續費 ${formatHkd(fee)}，你會收到 ${formatHkd(proceeds)}。掛單 ${days(SELL_LISTING_TTL_MS)} 日後到期。`,
      confirmText: '確認上架',
      cancelText: '再想想',
    });
    if (!sure) return;
    setBusy(true);
    const res = await createListing(
      { sell_type: 0, kind, itemId: item.itemId, price: checked.cents },
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
            <div className="market-picks" role="radiogroup" aria-labelledby="pick-title">
              {list.map((i) => (
                <div key={i.itemId}>
                  <label className={picked === i.itemId ? 'market-pick selected' : 'market-pick'}>
                    <input
                      type="radio"
                      name="sell-item"
                      value={i.itemId}
                      checked={picked === i.itemId}
                      onChange={() => setPicked(i.itemId)}
                    />
                    {i.itemImage && <img src={i.itemImage} alt="" />}
                    <span className="market-pick-text">
                      <strong>
                        {i.itemName}
                        {i.serialLabel ? ` ${i.serialLabel}` : ''}
                      </strong>
                      <span>最低售價 {i.floorPrice === null ? '—' : formatHkd(i.floorPrice)}</span>
                    </span>
                  </label>
                </div>
              ))}
            </div>
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
          ]}
          describedBy={lowWarning ? 'sell-low' : undefined}
        />
        {lowWarning && (
          <p id="sell-low" className="market-warning" role="status">
            售價低於現時最低售價的一半（{formatHkd(item.floorPrice!)}），請確認沒有輸入錯誤。
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

interface Target {
  kind: ItemKind;
  id: string;
  name: string;
  image: string;
  sub: string;
}

/** A card info or product to bid for: given by the link, or chosen from the catalogue. */
function TargetPicker({ onPick }: { onPick: (t: Target) => void }) {
  const [kind, setKind] = useState<ItemKind>('card');
  const state = useLoad(async (): Promise<Target[] | Failure> => {
    if (kind === 'card') {
      const cards = await getCardInfos({ page: 1, pageSize: PAGE });
      if (isFailure(cards)) return cards;
      return cards.map((c) => ({ kind, id: c.id, name: c.name, image: c.image, sub: `${c.rarity}・${c.theme.name}` }));
    }
    const [entity, other] = await Promise.all([
      getProducts({ type: 1, page: 1, pageSize: PAGE }),
      getProducts({ type: 0, page: 1, pageSize: PAGE }),
    ]);
    if (isFailure(entity)) return entity;
    if (isFailure(other)) return other;
    return [...entity, ...other].map((p) => ({
      kind,
      id: p.id,
      name: p.name,
      image: p.image,
      sub: p.type === 1 ? '實物' : '其他',
    }));
  }, [kind]);
  const [filter, setFilter] = useState('');
  const shown = state.status === 'ready' ? state.data.filter((t) => t.name.includes(filter.trim())) : [];
  return (
    <section className="market-section" aria-labelledby="target-title">
      <div className="market-toolbar flush">
        <h2 id="target-title" className="market-section-title">
          想求購甚麼？
        </h2>
        <KindToggle kind={kind} onChange={setKind} />
      </div>
      <input
        type="search"
        className="market-input market-filter-input"
        aria-label="按名稱篩選"
        placeholder="輸入名稱篩選"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {state.status === 'loading' ? (
        <LoadingState label="正在載入目錄…" />
      ) : state.status === 'error' ? (
        <ErrorState title="未能載入目錄" onRetry={state.reload} />
      ) : shown.length === 0 ? (
        <p className="market-muted">找不到相符的{kind === 'card' ? '卡牌' : '物品'}，試試其他名稱。</p>
      ) : (
        <ul className="market-picks">
          {shown.map((t) => (
            <li key={t.id}>
              <button type="button" className="market-pick market-pick-button" onClick={() => onPick(t)}>
                {t.image && <img src={t.image} alt="" />}
                <span className="market-pick-text">
                  <strong>{t.name}</strong>
                  <span>{t.sub}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BuyForm({ target, onChangeTarget }: { target: Target; onChangeTarget: () => void }) {
  const navigate = useNavigate();
  const refs = useLoad(
    () =>
      getMarketDetail(
        target.kind === 'card' ? { cardInfoId: target.id, sell_type: 1 } : { productId: target.id, sell_type: 1 },
      ),
    [target.kind, target.id],
  );
  const [price, setPrice] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const checked = checkPrice(price);
  const r = refs.status === 'ready' ? refs.data : null;

  const submit = async () => {
    setTouched(true);
    if (checked.cents === null) return;
    const sure = await Dialog.confirm({
      title: '確認求購',
      content: `以 ${formatHkd(checked.cents)} 求購「${target.name}」。需先預付 ${formatHkd(checked.cents)}，款項由平台託管，${days(BUY_LISTING_TTL_MS)} 日內無人成交或你取消時全數退回錢包餘額。`,
      confirmText: '前往付款',
      cancelText: '再想想',
    });
    if (!sure) return;
    setBusy(true);
    const body =
      target.kind === 'card'
        ? { sell_type: 1 as const, kind: 'card' as const, cardInfoId: target.id, price: checked.cents }
        : { sell_type: 1 as const, kind: 'goods' as const, productId: target.id, price: checked.cents };
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
        {checked.cents !== null && (
          <p className="market-muted">
            需預付 <strong>{formatHkd(checked.cents)}</strong>（可用錢包餘額或網上付款），由平台託管至成交；
            {days(BUY_LISTING_TTL_MS)} 日後未成交會自動退回錢包餘額。
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

function BuyMode({ initial }: { initial: { kind: ItemKind; id: string } | null }) {
  const loaded = useLoad(async (): Promise<Target | null | Failure> => {
    if (!initial) return null;
    if (initial.kind === 'card') {
      const c = await getCardInfo(initial.id);
      return isFailure(c)
        ? c
        : { kind: 'card', id: c.id, name: c.name, image: c.image, sub: `${c.rarity}・${c.theme.name}` };
    }
    const p = await getProduct(initial.id);
    return isFailure(p)
      ? p
      : { kind: 'goods', id: p.id, name: p.name, image: p.image, sub: p.type === 1 ? '實物' : '其他' };
  }, [initial?.kind, initial?.id]);
  const [chosen, setChosen] = useState<Target | null | undefined>(undefined);
  if (chosen === undefined && loaded.status === 'loading') return <LoadingState />;
  if (chosen === undefined && loaded.status === 'error')
    return <ErrorState title="未能載入求購目標" onRetry={loaded.reload} />;
  const target = chosen === undefined ? (loaded.status === 'ready' ? loaded.data : null) : chosen;
  if (!target) return <TargetPicker onPick={setChosen} />;
  return <BuyForm key={target.id} target={target} onChangeTarget={() => setChosen(null)} />;
}

/** /market/sell: a sell listing from the eligible items (?kind=&itemId=), or a buy listing (?mode=buy&cardInfoId= | productId=). */
export default function MarketSellScreen() {
  const { params, update } = useQueryState();
  const mode = params.get('mode') === 'buy' ? 'buy' : 'sell';
  const kind: ItemKind = params.get('kind') === 'goods' || params.get('productId') ? 'goods' : 'card';
  const wallet = useLoad(getWallet, []);
  const cardInfoId = params.get('cardInfoId');
  const productId = params.get('productId');
  const initialTarget = cardInfoId
    ? { kind: 'card' as const, id: cardInfoId }
    : productId
      ? { kind: 'goods' as const, id: productId }
      : null;

  return (
    <div className="market">
      <div className="market-toolbar">
        <div className="market-toggle" role="group" aria-label="掛單類型">
          <button
            type="button"
            className="market-toggle-button"
            aria-pressed={mode === 'sell'}
            onClick={() => update({ mode: undefined })}
          >
            出售
          </button>
          <button
            type="button"
            className="market-toggle-button"
            aria-pressed={mode === 'buy'}
            onClick={() => update({ mode: 'buy' })}
          >
            求購
          </button>
        </div>
      </div>
      {wallet.status === 'loading' ? (
        <LoadingState />
      ) : wallet.status === 'error' ? (
        <ErrorState onRetry={wallet.reload} />
      ) : (
        <Gate wallet={wallet.data} mode={mode}>
          {mode === 'sell' ? (
            <SellForm key="sell" initialKind={kind} initialItemId={params.get('itemId')} />
          ) : (
            <BuyMode key="buy" initial={initialTarget} />
          )}
        </Gate>
      )}
    </div>
  );
}
