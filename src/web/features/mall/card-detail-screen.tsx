import { useSearchParams } from 'react-router';
import type { CardInfo } from '../../../shared/schemas/catalogue';
import { useCardInfo } from './api/get-card-info';
import { BuyBar } from './components/buy-bar';
import { DetailStates, Facts, MissingId, Rights, StartCountdown, saleWindow } from './components/detail-parts';
import { SaleBadge } from './components/sale-badge';
import { useNow } from '../../lib/use-clock';
import { liveState, notBuyableReason } from './components/sale-state';
import './mall.css';

function CardDetail({ card }: { card: CardInfo }) {
  const now = useNow(card.saleState === 'upcoming' || card.saleEndsAt !== null);
  const state = liveState(card, now);
  const reason = notBuyableReason(card, state);
  return (
    <>
      <article className="detail" aria-labelledby="detail-title">
        <div className={`detail-card-stage stage-${card.rarity.toLowerCase()}`}>
          <img className="detail-card-image" src={card.image} alt={`${card.name}卡面`} width={300} height={420} />
        </div>
        <div className="detail-head">
          <div className="detail-tags">
            <span className={`rarity rarity-${card.rarity.toLowerCase()}`}>{card.rarity}</span>
            {card.isBCard && <span className="rarity">B 卡</span>}
            <SaleBadge state={state} startsAt={card.saleStartsAt} now={now} />
          </div>
          <h2 id="detail-title" className="detail-title">
            {card.name}
          </h2>
          <p className="detail-sub">系列：{card.theme.name}</p>
        </div>
        {state === 'upcoming' && card.saleStartsAt && <StartCountdown startsAt={card.saleStartsAt} now={now} />}
        <Facts
          items={[
            ['限量', `${card.editionSize} 張`],
            ['尚餘', `${card.left} 張`],
            ['已發行', `${card.minted} 張`],
            ['每人限購', card.priceCents === null ? '—' : `${card.perUserLimit} 張`],
            ['發售時間', card.priceCents === null ? '不設發售' : saleWindow(card.saleStartsAt, card.saleEndsAt)],
          ]}
        />
        {card.description && (
          <section className="detail-section" aria-labelledby="desc-title">
            <h3 id="desc-title">卡牌介紹</h3>
            <p>{card.description}</p>
          </section>
        )}
        <Rights rights={card.rights} />
      </article>
      <BuyBar priceCents={card.priceCents} payPath={`/mall/pay?id=${encodeURIComponent(card.id)}`} reason={reason} />
    </>
  );
}

function CardDetailLoader({ id }: { id: string }) {
  const card = useCardInfo(id);
  if (card.status !== 'ready') return <DetailStates status={card.status} failure={card.failure} reload={card.reload} what="卡牌" />;
  return <CardDetail card={card.data} />;
}

/** /mall/detail?id=: a card info with its edition, rights, countdown and 立即購買. */
export default function CardDetailScreen() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  if (!id) return <MissingId what="卡牌" />;
  return <CardDetailLoader id={id} />;
}
