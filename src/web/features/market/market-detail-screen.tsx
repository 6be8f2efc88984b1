import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatHkd } from '../../../shared/money';
import { LISTING_STATUS_LABELS } from '../../../shared/market-labels';
import type { Listing, MarketDetail, SellType } from '../../../shared/schemas/market';
import { afterLoadPart } from '../../components/after-load';
import { GoneState } from '../../components/go-button';
import { PlainButton } from '../../components/plain-button';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import { UserAvatar } from '../../components/user-avatar';
import { useLoad } from '../../lib/use-load';
import { getMarketDetail, type DetailTarget } from '../../api/get-market-detail';
import { formatHkDateTime } from '../../../shared/hk-time';
import { MarketPriceText } from '../../components/market-price';
import { ActionButton, useListingActions, type ListingActions } from './components/listing-actions';
import { ShareButton } from '../../components/share-button';
import { WatchButton } from '../../components/watch-button';
import { PriceAlertButton } from '../../components/sheet-buttons';
import { OfferButton } from '../../components/sheet-buttons';
import './components/standing.css';
import './market.css';
import '../../components/list-row.css';
import { RarityTag } from '../../components/rarity-tag';
import { StandingSlot } from './components/standing-slot';

// The standing's code after the load event (decision 035); its box is held until it shows (standing-slot.tsx).
const SellerStanding = afterLoadPart(
  () => import('./components/seller-standing').then((m) => m.SellerStanding),
  () => <StandingSlot />,
);

// Its own chunk, fetched by this screen after it shows: the chart library comes later still (decision 032).
const PriceHistoryPanel = lazy(() =>
  import('../../components/price-history').then((m) => ({ default: m.PriceHistoryPanel })),
);

function targetOf(params: URLSearchParams): DetailTarget | null {
  const side: SellType = params.get('sell_type') === '1' ? 1 : 0;
  const id = params.get('id')?.trim();
  if (id) return { id };
  const cardInfoId = params.get('cardInfoId')?.trim();
  if (cardInfoId) return { cardInfoId, sell_type: side };
  const productId = params.get('productId')?.trim();
  if (productId) return { productId, sell_type: side };
  return null;
}

function Seller({ l }: { l: Listing }) {
  return (
    <section className="market-section" aria-labelledby="seller-title">
      <h2 id="seller-title" className="market-section-title">
        {l.sell_type === 0 ? '賣家' : '求購者'}
      </h2>
      <div className="market-seller">
        <UserAvatar src={l.user.avatar} size={40} />
        <Link to={`/market/user?id=${encodeURIComponent(l.user.id)}`}>
          {l.mine ? `${l.user.nickname}（你）` : l.user.nickname}
        </Link>
      </div>
      <SellerStanding userId={l.user.id} label={`${l.sell_type === 0 ? '賣家' : '求購者'}的信譽`} />
      <p className="market-muted">
        {LISTING_STATUS_LABELS[l.status]}・{formatHkDateTime(l.createdAt)} 發佈・{formatHkDateTime(l.expiresAt)} 到期
      </p>
      {l.mine && l.status === 'taken_down' && (
        <p className="market-takedown" role="note">
          此掛單已被平台下架{l.takedownReason ? `，原因：${l.takedownReason}` : ''}。
          {l.sell_type === 0 ? '物品已退回你的收藏。' : '預付款已退回你的錢包。'}
        </p>
      )}
    </section>
  );
}

function OtherListings({ listings, actions, side }: { listings: Listing[]; actions: ListingActions; side: SellType }) {
  return (
    <section className="market-section" aria-labelledby="others-title">
      <h2 id="others-title" className="market-section-title">
        {side === 0 ? '出售中的掛單' : '求購中的出價'}
      </h2>
      {listings.length === 0 ? (
        <p className="market-muted">{side === 0 ? '暫時沒有其他人出售。' : '暫時沒有人求購，你可以發佈求購。'}</p>
      ) : (
        <ul className="market-list flush">
          {listings.map((l) => (
            <li key={l.id} className="list-row">
              <div className="market-row-body">
                <Link to={`/market/detail?id=${encodeURIComponent(l.id)}`} className="market-row-price stretched-link">
                  <span className="visually-hidden">{side === 0 ? '售價' : '出價'} </span>
                  {formatHkd(l.price)}
                </Link>
                <div className="list-row-meta">
                  {l.serialLabel && <span>{l.serialLabel}</span>}
                  {l.serialRange && <span>只收序號 {l.serialRange}</span>}
                  {l.mine ? (
                    <span>你的掛單</span>
                  ) : (
                    <Link to={`/market/user?id=${encodeURIComponent(l.user.id)}`} className="market-row-seller">
                      <span className="visually-hidden">{side === 0 ? '賣家店舖：' : '求購者店舖：'}</span>
                      {l.user.nickname}
                    </Link>
                  )}
                </div>
              </div>
              <div className="market-row-side">
                <ActionButton l={l} actions={actions} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Detail({ data, side, reload }: { data: MarketDetail; side: SellType; reload: () => void }) {
  const actions = useListingActions(reload);
  const { item, listing } = data;
  const others = listing ? data.listings.filter((l) => l.id !== listing.id) : data.listings;
  const sellSide = (listing ? listing.sell_type : side) === 0;
  // 以最低售價即時購買: the cheapest open sell listing of someone else, when it is not the one already shown.
  const cheapest = sellSide
    ? ([listing, ...others].filter((l) => l && !l.mine && l.status === 'active') as Listing[]).sort(
        (a, b) => a.price - b.price,
      )[0]
    : undefined;
  const targetQuery =
    item.kind === 'card' ? `cardInfoId=${encodeURIComponent(item.id)}` : `productId=${encodeURIComponent(item.id)}`;
  return (
    <div className="market market-detail">
      <article className="market-section" aria-labelledby="market-item-title">
        <div className="market-detail-head">
          {item.image && (
            <img
              className="market-detail-image"
              src={item.image}
              alt={`${item.name}圖片`}
              width={110}
              height={item.kind === 'card' ? 154 : 110}
            />
          )}
          <div>
            <h2 id="market-item-title" className="market-detail-title">
              {item.name}
              {listing?.serialLabel ? ` ${listing.serialLabel}` : ''}
            </h2>
            {listing?.serialRange && listing.status === 'active' && (
              <p className="market-muted">只收序號 {listing.serialRange} 的卡牌</p>
            )}
            <p className="list-row-meta">
              {item.rarity && <RarityTag rarity={item.rarity} />}
              <span>
                {item.kind === 'card' ? `卡牌${item.editionSize ? `・限量 ${item.editionSize} 張` : ''}` : '物品'}
              </span>
            </p>
            {item.description && <p className="market-muted">{item.description}</p>}
          </div>
          <div className="market-watch">
            {/* One listing shown: its ♡ watches that listing; otherwise the card info or product. */}
            {listing ? (
              <WatchButton kind="listing" id={listing.id} />
            ) : (
              <WatchButton kind={item.kind === 'card' ? 'cardInfo' : 'product'} id={item.id} />
            )}
            <ShareButton
              title={`${item.name}${listing?.serialLabel ? ` ${listing.serialLabel}` : ''}`}
              text={
                listing
                  ? `${listing.sell_type === 0 ? '出售' : '求購'} ${formatHkd(listing.price)}｜Trove 寶庫`
                  : 'Trove 寶庫市場'
              }
            />
          </div>
        </div>
        <PriceAlertButton
          target={{
            kind: item.kind,
            id: item.id,
            name: item.name,
            lowestAsk: data.floorPrice,
            highestBid: data.highestBid,
          }}
        />
        <dl className="market-facts">
          <div>
            <dt>最低售價</dt>
            <dd>{data.floorPrice === null ? '—' : formatHkd(data.floorPrice)}</dd>
          </div>
          <div>
            <dt>最高出價</dt>
            <dd>{data.highestBid === null ? '—' : formatHkd(data.highestBid)}</dd>
          </div>
          <div>
            <dt>最近成交</dt>
            <dd>{data.lastSale ? formatHkd(data.lastSale.price) : '—'}</dd>
          </div>
          <div>
            <dt>市場價</dt>
            <dd>
              <MarketPriceText value={data.marketPrice} label={null} />
            </dd>
          </div>
        </dl>
      </article>
      {listing && <Seller l={listing} />}
      {cheapest && cheapest.id !== listing?.id ? (
        <section className="market-section" aria-label="即時購買">
          <PlainButton block color="primary" onClick={() => actions.buy(cheapest)}>
            以最低售價 {formatHkd(cheapest.price)} 即時購買
          </PlainButton>
        </section>
      ) : null}
      <OtherListings listings={others} actions={actions} side={listing ? (listing.sell_type as SellType) : side} />
      {/* Last: it arrives after the screen (its chunk, then its answer) and would push down whatever came after it. */}
      <Suspense fallback={null}>
        <PriceHistoryPanel kind={item.kind} id={item.id} className="market-section" />
      </Suspense>
      <div className="market-bar">
        {listing ? (
          <>
            <span className="market-bar-price">
              {formatHkd(listing.price)}
              <span className="market-bar-note">{listing.sell_type === 0 ? '售價' : '出價'}</span>
            </span>
            {listing.sell_type === 0 && !listing.mine && listing.status === 'active' && listing.itemId && (
              <OfferButton
                target={{
                  kind: listing.kind,
                  itemId: listing.itemId,
                  listingId: listing.id,
                  name: item.name,
                  askPrice: listing.price,
                  marketPrice: data.marketPrice.price,
                }}
              />
            )}
            <ActionButton l={listing} actions={actions} size="large" />
          </>
        ) : (
          <>
            <Link to={`/market/sell?mode=buy&${targetQuery}`}>發佈求購</Link>
            <Link to={`/market/sell?kind=${item.kind}`}>我要出售</Link>
          </>
        )}
      </div>
      {actions.popup}
    </div>
  );
}

/** /market/detail?id= (one listing) or ?cardInfoId= / ?productId= with sell_type: listings, price history, 購買 or 賣給他. */
export default function MarketDetailScreen() {
  const [params] = useSearchParams();
  const target = targetOf(params);
  const key = JSON.stringify(target);
  const state = useLoad(async () => (target ? getMarketDetail(target) : null), [key]);
  if (!target)
    return (
      <EmptyState
        title="未有選擇掛單"
        description={
          <>
            請到<Link to="/market">市場</Link>選擇想看的卡牌或物品。
          </>
        }
      />
    );
  if (state.status === 'loading') return <LoadingState label="正在載入掛單…" />;
  if (state.status === 'error') {
    if (state.failure.code === 404)
      return (
        <GoneState title="找不到這張掛單" description="可能已成交、取消或連結有誤。" back={['/market', '返回市場']} />
      );
    return <ErrorState title="未能載入掛單" onRetry={state.reload} />;
  }
  if (!state.data) return null;
  return <Detail data={state.data} side={'sell_type' in target ? target.sell_type : 0} reload={state.reload} />;
}
