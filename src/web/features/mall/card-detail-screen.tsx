import { lazy, Suspense } from 'react';
import { getCardInfo } from '../../api/get-card-info';
import { saleWindow } from './components/detail-parts';
import { DetailScreen, SaleDetail } from './components/sale-detail';
import './mall.css';
import { cardArtAlt } from '../../lib/card-art-alt';
import { MarketPriceText } from '../../components/market-price';
import { LiveCount } from './components/live-item';

// Its own chunk, fetched by this screen after it shows: the chart library comes later still (decision 032).
const PriceHistoryPanel = lazy(() =>
  import('../../components/price-history').then((m) => ({ default: m.PriceHistoryPanel })),
);

/** /mall/detail?id=: a card info with its edition, rights, market price and its history, countdown and 立即購買. */
export default function CardDetailScreen() {
  return (
    <DetailScreen what="卡牌" load={getCardInfo}>
      {(card) => (
        <SaleDetail
          item={card}
          media={
            <div className={`detail-card-stage stage-${card.rarity.toLowerCase()}`}>
              <img className="detail-card-image" src={card.image} alt={cardArtAlt(card)} width={300} height={420} />
            </div>
          }
          tags={
            <>
              <span className={`rarity rarity-${card.rarity.toLowerCase()}`}>{card.rarity}</span>
              {card.isBCard && <span className="rarity">B 卡</span>}
            </>
          }
          sub={<p className="detail-sub">系列：{card.theme.name}</p>}
          facts={[
            ['限量', `${card.editionSize} 張`],
            ['尚餘', <LiveCount key="left" value={card.left} unit="張" />],
            ['已發行', <LiveCount key="minted" value={card.minted} unit="張" />],
            ['每人限購', card.priceCents === null ? '—' : `${card.perUserLimit} 張`],
            ['發售時間', card.priceCents === null ? '不設發售' : saleWindow(card.saleStartsAt, card.saleEndsAt)],
            ['市場價', <MarketPriceText key="market" value={card.marketPrice} label={null} />],
          ]}
          about={card.description ? { title: '卡牌介紹', body: <p>{card.description}</p> } : null}
          payPath={`/mall/pay?id=${encodeURIComponent(card.id)}`}
          watch={{ kind: 'cardInfo', id: card.id }}
          extra={
            <Suspense fallback={null}>
              <PriceHistoryPanel kind="card" id={card.id} level={3} className="detail-section" />
            </Suspense>
          }
        />
      )}
    </DetailScreen>
  );
}
