import { useSearchParams } from 'react-router';
import type { PublicCard } from '../../../shared/schemas/share';
import { GoneState } from '../../components/go-button';
import { OfferButton } from '../../components/sheet-buttons';
import { ShareButton } from '../../components/share-button';
import { ErrorState, LoadingState } from '../../components/state-views';
import { useLoad } from '../../lib/use-load';
import { getPublicCard } from './api/card-public';
import { getOfferAvailability } from './api/get-offer-availability';
import { CardHead, ProvenanceSteps } from './components/card-detail-view';
import './collection.css';
import './card-share.css';

/** 「出價」 on someone else's card, only when its owner takes offers and the card can take one now (issue 24). */
function CardOffer({ card, title }: { card: PublicCard; title: string }) {
  const state = useLoad(() => getOfferAvailability('card', card.id), [card.id]);
  if (state.status !== 'ready' || !state.data.takesOffers) return null;
  return (
    <OfferButton
      block
      target={{ kind: 'card', itemId: card.id, name: title, askPrice: null, marketPrice: state.data.marketPrice }}
    />
  );
}

function Card({ card }: { card: PublicCard }) {
  const title = `${card.name} ${card.serialLabel}`;
  return (
    <article className="card-detail public-card" aria-labelledby="public-card-name">
      <CardHead
        card={card}
        headingId="public-card-name"
        action={<ShareButton title={title} text={`${card.owner.nickname} 的收藏：${title}｜Trove 寶庫`} />}
      />
      {card.description && <p className="card-detail-description">{card.description}</p>}
      <p className="card-detail-owner">持有人：{card.owner.nickname}</p>
      <CardOffer card={card} title={title} />
      <h3 className="section-title">來源紀錄</h3>
      <ProvenanceSteps events={card.provenance} />
    </article>
  );
}

/**
 * `/card?id=`: an owned card its owner made public (issue 23): the art, name, serial, owner's nickname and
 * provenance. A private card and a missing one look the same: 「找不到此卡牌」.
 */
export default function PublicCardScreen() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const state = useLoad(() => (id ? getPublicCard(id) : Promise.resolve(null)), [id]);
  if (state.status === 'loading') return <LoadingState label="正在載入卡牌…" />;
  if (state.status === 'ready' && state.data) return <Card card={state.data} />;
  if (state.status === 'error' && state.failure.code !== 404)
    return <ErrorState title="未能載入卡牌" onRetry={state.reload} />;
  return (
    <GoneState title="找不到此卡牌" description="此卡可能未公開、已轉手或連結有誤。" back={['/market', '逛逛市場']} />
  );
}
