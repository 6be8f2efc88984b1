import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatHkd } from '../../../shared/money';
import { bidWantText } from '../../../shared/market-labels';
import { SELL_TYPE, sideOfParam, sideOfSellType, type ListingSide } from '../../../shared/market-labels';
import type { MarketDetail } from '../../../shared/schemas/market';
import { GoneState } from '../../components/go-button';
import { PlainButton } from '../../components/plain-button';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import { useLoad } from '../../lib/use-load';
import { useSession } from '../../lib/stores';
import { getMarketDetail, type DetailTarget } from '../../api/get-market-detail';
import { MarketPriceText } from '../../components/market-price';
import { ActionButton, useListingActions } from './components/listing-actions';
import { OtherListings, SellIntoBidNote, Seller } from './components/detail-parts';
import { ShareButton } from '../../components/share-button';
import { WatchButton } from '../../components/watch-button';
import { PriceAlertButton } from '../../components/sheet-buttons';
import { OfferButton } from '../../components/sheet-buttons';
import './components/standing.css';
import './market.css';
import '../../components/list-row.css';
import { RarityTag } from '../../components/rarity-tag';

// Its own chunk, fetched by this screen after it shows: the chart library comes later still (decision 032).
const PriceHistoryPanel = lazy(() =>
  import('../../components/price-history').then((m) => ({ default: m.PriceHistoryPanel })),
);

function targetOf(params: URLSearchParams): DetailTarget | null {
  const sellType = SELL_TYPE[sideOfParam(params.get('sell_type'))];
  const id = params.get('id')?.trim();
  if (id) return { id };
  const cardInfoId = params.get('cardInfoId')?.trim();
  if (cardInfoId) return { cardInfoId, sell_type: sellType };
  const productId = params.get('productId')?.trim();
  if (productId) return { productId, sell_type: sellType };
  return null;
}

function Detail({ data, side, reload }: { data: MarketDetail; side: ListingSide; reload: () => void }) {
  const actions = useListingActions(reload);
  const { item, listing } = data;
  const others = listing ? data.listings.filter((l) => l.id !== listing.id) : data.listings;
  const shown = listing ? [listing, ...others] : others;
  // The side of the listing shown, else the side the address asked for.
  const shownSide = listing ? sideOfSellType(listing.sell_type) : side;
  const sellSide = shownSide === 'sell';
  // 以最低售價即時購買: the cheapest open sell listing of someone else, when it is not the one already shown. Never
  // on the viewer's own listing: its price is the one shown, and a second "lowest" figure beside it contradicts it.
  const cheapest =
    sellSide && !listing?.mine
      ? shown.filter((l) => !l.mine && l.status === 'active').sort((a, b) => a.price - b.price)[0]
      : undefined;
  // The floor is the viewer's own listing: the others' cheapest is not 「最低售價」.
  const buyNowWords =
    cheapest && data.floorPrice !== null && data.floorPrice < cheapest.price ? '以其他賣家最低售價' : '以最低售價';
  // 賣給他 needs verification and a payout account: said before any sheet opens (issue 44).
  const session = useSession();
  const bidsToFill = shown.some((l) => sideOfSellType(l.sell_type) === 'buy' && !l.mine && l.status === 'active');
  const targetQuery =
    item.kind === 'card' ? `cardInfoId=${encodeURIComponent(item.id)}` : `productId=${encodeURIComponent(item.id)}`;
  return (
    <div className="market market-detail">
      <article className="market-section market-detail-card" aria-labelledby="market-item-title">
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
          <div className="market-detail-text">
            {/* The serial in a box of its own: beside the name when it fits, under it when not, never cut in two. */}
            <h2 id="market-item-title" className="market-detail-title">
              {item.name}
              {listing?.serialLabel ? (
                <>
                  {' '}
                  <span className="market-detail-serial">{listing.serialLabel}</span>
                </>
              ) : null}
            </h2>
            {listing && !sellSide && <p className="market-want">{bidWantText(listing)}</p>}
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
                  ? `${sellSide ? '出售' : bidWantText(listing)} ${formatHkd(listing.price)}｜Trove 寶庫`
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
      {session && bidsToFill ? <SellIntoBidNote /> : null}
      {listing && <Seller l={listing} />}
      {cheapest && cheapest.id !== listing?.id ? (
        <section className="market-section" aria-label="即時購買">
          <PlainButton block color="primary" onClick={() => actions.buy(cheapest)}>
            {buyNowWords} {formatHkd(cheapest.price)} 即時購買
          </PlainButton>
        </section>
      ) : null}
      <OtherListings listings={others} actions={actions} side={shownSide} />
      {/* Last: it arrives after the screen (its chunk, then its answer) and would push down whatever came after it. */}
      <Suspense fallback={null}>
        <PriceHistoryPanel kind={item.kind} id={item.id} className="market-section" />
      </Suspense>
      <div className="market-bar">
        {listing ? (
          <>
            <span className="market-bar-price">
              {formatHkd(listing.price)}
              <span className="market-bar-note">{sellSide ? '售價' : '出價'}</span>
            </span>
            {sellSide && !listing.mine && listing.status === 'active' && listing.itemId && (
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
  return (
    <Detail
      data={state.data}
      side={'sell_type' in target ? sideOfSellType(target.sell_type) : 'sell'}
      reload={state.reload}
    />
  );
}
