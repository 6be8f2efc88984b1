import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { bidWantText } from '../../../../shared/market-labels';
import type { SearchResult, SearchType } from '../../../../shared/schemas/search';
import { rowImageLoading } from '../../../components/row-image';
import { ItemPicture } from '../../../components/item-picture';
import '../../../components/list-row.css';
import { TYPE_LABELS } from '../search-params';
import { RarityTag } from '../../../components/rarity-tag';
import { SELL_TYPE } from '../../../../shared/market-labels';

type Result = SearchResult;
const enc = encodeURIComponent;

/** Where each result opens (the screens' own query parameters). */
export const resultPaths = {
  card: (id: string) => `/mall/detail?id=${enc(id)}`,
  goods: (id: string) => `/mall/goodsDetail?id=${enc(id)}`,
  // A theme's cards: this screen, narrowed to the theme (the mall has no theme filter; /my/theme needs sign-in).
  theme: (id: string) => `/search?theme=${enc(id)}&type=card`,
  seller: (id: string) => `/market/user?id=${enc(id)}`,
  listing: (l: Result['listings']['list'][number], side: 'sell' | 'buy' | undefined) =>
    l.listingId
      ? `/market/detail?id=${enc(l.listingId)}`
      : `/market/detail?${l.kind === 'card' ? 'cardInfoId' : 'productId'}=${enc(l.id)}&sell_type=${SELL_TYPE[side ?? 'sell']}`,
};

const price = (cents: number | null, none = '—') => (cents === null ? none : formatHkd(cents));

function Row({
  to,
  name,
  image,
  tall,
  children,
}: {
  to: string;
  name: string;
  image: string | null;
  tall?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="list-row search-row">
      <ItemPicture kind={tall ? 'card' : 'goods'} image={image} load={rowImageLoading(1)} />
      <div className="search-row-body">
        <Link to={to} className="search-row-name stretched-link">
          {name}
        </Link>
        <div className="list-row-meta">{children}</div>
      </div>
    </li>
  );
}

/**
 * One section of the answer (`page`, its total and the rows it holds): its heading with the total, its rows, and 「更多」
 * (`onMore(type)`: that section on its own) when there are more.
 */
function Section({
  type,
  page,
  onMore,
  children,
}: {
  type: SearchType;
  page: { total: number; list: readonly unknown[] };
  onMore?: (type: SearchType) => void;
  children: ReactNode;
}) {
  const { total } = page;
  if (total === 0) return null;
  const title = TYPE_LABELS[type];
  return (
    <section className="search-section" aria-labelledby={`search-${type}`}>
      <div className="search-section-head">
        <h2 id={`search-${type}`} className="search-section-title">
          {title}
          <span className="search-section-total">（{total}）</span>
        </h2>
        {onMore && total > page.list.length && (
          <button
            type="button"
            className="search-more outline-button"
            aria-label={`更多${title}`}
            onClick={() => onMore(type)}
          >
            更多
          </button>
        )}
      </div>
      <ul className="search-list">{children}</ul>
    </section>
  );
}

/** The answer's five sections; `onMore(type)` is left out when one section is already shown alone. */
export function SearchSections({
  result,
  side,
  onMore,
}: {
  result: Result;
  side: 'sell' | 'buy' | undefined;
  onMore?: (type: SearchType) => void;
}) {
  const { cards, goods, themes, listings, sellers } = result;
  return (
    <>
      <Section type="card" page={cards} onMore={onMore}>
        {cards.list.map((c) => (
          <Row key={c.id} to={resultPaths.card(c.id)} name={c.name} image={c.image} tall>
            <RarityTag rarity={c.rarity} />
            <span>{c.themeName}</span>
            <span>最低售價 {price(c.floorPrice)}</span>
          </Row>
        ))}
      </Section>
      <Section type="goods" page={goods} onMore={onMore}>
        {goods.list.map((p) => (
          <Row key={p.id} to={resultPaths.goods(p.id)} name={p.name} image={p.image}>
            <span>商城 {formatHkd(p.price)}</span>
            {p.floorPrice !== null && <span>市場最低 {formatHkd(p.floorPrice)}</span>}
          </Row>
        ))}
      </Section>
      <Section type="theme" page={themes} onMore={onMore}>
        {themes.list.map((t) => (
          <Row key={t.id} to={resultPaths.theme(t.id)} name={t.name} image={t.cover}>
            <span>{t.cardCount} 款卡牌</span>
          </Row>
        ))}
      </Section>
      <Section type="listing" page={listings} onMore={onMore}>
        {listings.list.map((l) => (
          <Row
            key={`${l.kind}-${l.id}-${l.listingId ?? ''}`}
            to={resultPaths.listing(l, side)}
            name={l.serialLabel ? `${l.name} ${l.serialLabel}` : l.name}
            image={l.image}
            tall={l.kind === 'card'}
          >
            {l.rarity && <RarityTag rarity={l.rarity} />}
            <span>
              最低售價 {price(l.lowestAsk)}（{l.asks} 張單）
            </span>
            <span>
              最高出價 {price(l.highestBid)}（{l.bids} 張單
              {l.highestBidWant ? `，${bidWantText({ kind: l.kind, ...l.highestBidWant })}` : ''}）
            </span>
          </Row>
        ))}
      </Section>
      <Section type="seller" page={sellers} onMore={onMore}>
        {sellers.list.map((s) => (
          <Row key={s.id} to={resultPaths.seller(s.id)} name={s.nickname} image={s.avatar}>
            <span>{s.activeListings} 張掛單</span>
          </Row>
        ))}
      </Section>
    </>
  );
}
