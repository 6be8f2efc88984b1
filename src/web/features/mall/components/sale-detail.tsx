import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Right } from '../../../../shared/schemas/catalogue';
import type { Failure } from '../../../lib/request';
import { useNow } from '../../../lib/use-clock';
import { useLoad } from '../../../lib/use-load';
import { BuyBar } from './buy-bar';
import { DetailStates, MissingId, Rights, StartCountdown } from './detail-parts';
import { Facts } from '../../../components/facts';
import { afterLoadPart } from '../../../components/after-load';
import { SaleBadge } from './sale-badge';
import { inPriorityWindow, liveState, notBuyableReason, type SaleItem } from './sale-state';
import { ShareButton } from '../../../components/share-button';
import { WatchButton } from '../../../components/watch-button';
import { LiveItem } from './live-item';

// 持卡優惠 shows once its own request answers (nothing for a visitor): its code after the load event (decision 035).
const PerkHint = afterLoadPart(
  () => import('./perk-hint').then((m) => m.PerkHint),
  () => null,
);
// Only hot drops show the waiting room: its code comes with them, not with every detail screen (decision 044).
const QueuePanel = lazy(() => import('../../../components/queue-panel'));
const FairnessReport = lazy(() =>
  import('../../../components/queue-panel').then((m) => ({ default: m.FairnessReport })),
);

type What = '卡牌' | '商品';

type Loaded = Parameters<typeof LiveItem>[0]['item'];

function DetailLoader<T extends Loaded>({
  id,
  what,
  load,
  children,
}: {
  id: string;
  what: What;
  load: (id: string) => Promise<T | Failure>;
  children: (item: T) => ReactNode;
}) {
  const item = useLoad(() => load(id), [id]);
  if (item.status !== 'ready')
    return <DetailStates status={item.status} failure={item.failure} reload={item.reload} what={what} />;
  // Remaining stock and sale state follow the live stream while the screen is open.
  return (
    <LiveItem item={item.data} topic={what === '卡牌' ? 'drop' : 'product'} load={load}>
      {children}
    </LiveItem>
  );
}

/** A mall detail screen (/mall/detail, /mall/goodsDetail): the item of `?id=` loaded, or why it is not shown. */
export function DetailScreen<T extends Loaded>({
  what,
  load,
  children,
}: {
  what: What;
  load: (id: string) => Promise<T | Failure>;
  children: (item: T) => ReactNode;
}) {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  if (!id) return <MissingId what={what} />;
  return (
    <DetailLoader id={id} what={what} load={load}>
      {children}
    </DetailLoader>
  );
}

interface OnSale extends SaleItem {
  name: string;
  priceCents: number | null;
  rights: Right[];
  isBCard?: boolean;
  /** 熱門: bought through the waiting room (decision 044). */
  hot?: boolean;
}

/**
 * The body both detail screens share: picture, tags with the live sale badge, title, the start
 * countdown, facts, description, rights and the buy bar; the state moves on while the screen is open.
 */
export function SaleDetail({
  item,
  media,
  tags,
  sub,
  facts,
  about,
  payPath,
  perkFor,
  watch,
  extra,
}: {
  item: OnSale;
  media: ReactNode;
  tags: ReactNode;
  sub?: ReactNode;
  facts: [string, ReactNode][];
  about: { title: string; body: ReactNode } | null;
  payPath: string;
  /** The item as `perk/preview` names it: a signed-in holder is told the perk their order would get. */
  perkFor?: { type: 'card' | 'product'; id: string };
  /** The item as the watchlist names it: its ♡ sits beside the title. */
  watch: { kind: 'cardInfo' | 'product'; id: string };
  /** After the rights: the price history of a card info. */
  extra?: ReactNode;
}) {
  const now = useNow(item.saleState === 'upcoming' || item.saleEndsAt !== null);
  const state = liveState(item, now);
  const [admitted, setAdmitted] = useState(false);
  const drop = { kind: perkFor?.type ?? (watch.kind === 'cardInfo' ? 'card' : 'product'), id: watch.id } as const;
  const over = state === 'sold_out' || state === 'ended';
  // Open while it sold: its report is asked within a spread (FairnessReport).
  const wasSelling = useRef(!over).current;
  const reason = notBuyableReason(item, state, now) ?? (item.hot && !admitted ? '熱門商品：輪到你後才可購買' : null);
  return (
    <>
      <article className="detail" aria-labelledby="detail-title">
        {media}
        <div className="detail-head">
          <div className="detail-tags">
            {tags}
            <SaleBadge state={state} startsAt={item.saleStartsAt} now={now} priorityStartsAt={item.priorityStartsAt} />
          </div>
          <div className="detail-title-row">
            <h2 id="detail-title" className="detail-title">
              {item.name}
            </h2>
            <span className="detail-title-actions">
              <WatchButton kind={watch.kind} id={watch.id} />
              <ShareButton title={item.name} text={`${item.name}｜Trove 寶庫`} />
            </span>
          </div>
          {sub}
        </div>
        {state === 'upcoming' && item.saleStartsAt && (
          <StartCountdown startsAt={item.saleStartsAt} now={now} priority={inPriorityWindow(item, state, now)} />
        )}
        {perkFor && (
          <PerkHint type={perkFor.type} id={perkFor.id} buyable={notBuyableReason(item, state, now) === null} />
        )}
        {item.hot && (
          <Suspense fallback={<section className="queue-panel" aria-hidden="true" />}>
            {over ? (
              <FairnessReport kind={drop.kind} id={drop.id} spread={wasSelling} />
            ) : (
              <QueuePanel kind={drop.kind} id={drop.id} saleState={state} onAdmitted={setAdmitted} />
            )}
          </Suspense>
        )}
        <Facts items={facts} />
        {about && (
          <section className="detail-section" aria-labelledby="desc-title">
            <h3 id="desc-title">{about.title}</h3>
            {about.body}
          </section>
        )}
        <Rights rights={item.rights} />
        {extra}
      </article>
      <BuyBar priceCents={item.priceCents} payPath={payPath} reason={reason} />
    </>
  );
}
