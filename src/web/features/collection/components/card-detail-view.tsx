import type { ReactNode } from 'react';
import { Steps, Tag } from 'antd-mobile';
import {
  CARD_STATUS_LABELS,
  VIA_LABELS,
  type CardDetail,
  type ProvenanceEvent,
} from '../../../../shared/schemas/collection';
import { formatHkd } from '../../../../shared/money';
import { ErrorState, LoadingState } from '../../../components/state-views';
import { formatHkDateTime } from '../../../../shared/hk-time';
import { useLoad } from '../../../lib/use-load';
import { getCardDetail } from '../api/get-card-detail';
import { CardMarketActions } from './card-market-actions';
import { CardOfferSettings } from './card-offer-settings';
import { CardShareControls } from './card-share-controls';
import { cardArtAlt } from '../../../lib/card-art-alt';
import { MarketPriceText } from '../../../components/market-price';

/** One provenance step in words: how the card was minted, changed owner or was consumed. */
export function describeEvent(e: ProvenanceEvent): string {
  const price = e.priceCents !== null ? `，${formatHkd(e.priceCents)}` : '';
  if (e.kind === 'minted') return `由${VIA_LABELS[e.via]}發行給 ${e.to?.nickname ?? '用戶'}${price}`;
  if (e.kind === 'consumed' && e.via === 'refund') return '訂單退款，卡牌已由平台收回（編號不會再發行）';
  if (e.kind === 'consumed') return `${e.from?.nickname ?? '用戶'} 以此卡兌換卡冊 B 卡（已消耗）`;
  return `${e.from?.nickname ?? '用戶'} → ${e.to?.nickname ?? '用戶'}（${VIA_LABELS[e.via]}${price}）`;
}

type CardFace = Pick<CardDetail, 'name' | 'image' | 'rarity' | 'serialLabel' | 'themeName' | 'isBCard'>;

/** A card's art, name and serial (the heading, with `action` beside it) and its tags, `children` last. */
export function CardHead({
  card,
  headingId,
  action,
  children,
}: {
  card: CardFace;
  headingId: string;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const heading = (
    <h2 id={headingId} className="card-detail-name">
      {card.name} <span className="card-detail-serial">{card.serialLabel}</span>
    </h2>
  );
  return (
    <>
      <img
        className="card-detail-image"
        src={card.image}
        alt={cardArtAlt({ name: card.name, rarity: card.rarity, serial: card.serialLabel })}
      />
      {action ? (
        <div className="public-card-head">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      <p className="card-detail-tags">
        <span className={`rarity-badge inline rarity-${card.rarity.toLowerCase()}`}>{card.rarity}</span>
        <Tag color="primary" fill="outline">
          {card.themeName}
        </Tag>
        {card.isBCard && <Tag color="warning">B 卡</Tag>}
        {children}
      </p>
    </>
  );
}

/** A card's provenance, oldest first. */
export function ProvenanceSteps({ events }: { events: ProvenanceEvent[] }) {
  return (
    <Steps direction="vertical" current={events.length - 1}>
      {events.map((e, i) => (
        <Steps.Step key={i} title={describeEvent(e)} description={formatHkDateTime(e.at)} />
      ))}
    </Steps>
  );
}

function Detail({ card, onChanged }: { card: CardDetail; onChanged: () => void }) {
  return (
    <article className="card-detail" aria-labelledby="card-detail-name">
      <CardHead card={card} headingId="card-detail-name">
        <Tag color={card.status === 'held' ? 'success' : 'default'}>{CARD_STATUS_LABELS[card.status]}</Tag>
      </CardHead>
      {card.description && <p className="card-detail-description">{card.description}</p>}
      <p className="card-detail-owner">{card.mine ? '你持有此卡' : `持有人：${card.owner.nickname}`}</p>
      <p className="card-detail-market">
        <MarketPriceText value={card.marketPrice} />
      </p>
      <CardMarketActions card={card} onChanged={onChanged} />
      <CardShareControls card={card} />
      <CardOfferSettings card={card} />
      <h3 className="section-title">權益</h3>
      {card.rights.length === 0 ? (
        <p className="field-hint">此卡沒有附帶權益</p>
      ) : (
        <ul className="rights-list">
          {card.rights.map((r) => (
            <li key={r.title}>
              <strong>{r.title}</strong>：{r.description}
            </li>
          ))}
        </ul>
      )}
      <h3 className="section-title">來源紀錄</h3>
      <ProvenanceSteps events={card.provenance} />
    </article>
  );
}

/** card/detail for one card: image, serial, rarity, theme, market price, rights and provenance. */
export function CardDetailView({ id }: { id: string }) {
  const state = useLoad(() => getCardDetail(id), [id]);
  if (state.status === 'loading') return <LoadingState label="正在載入卡牌…" />;
  if (state.status === 'error') return <ErrorState title="未能載入卡牌" onRetry={state.reload} />;
  return <Detail card={state.data} onChanged={state.reload} />;
}
