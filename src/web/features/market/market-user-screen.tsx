import { useCallback } from 'react';
import { Tag } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { formatHkd } from '../../../shared/money';
import { bidWantText } from '../../../shared/market-labels';
import { SELL_TYPE, sideOfParam, sideOfSellType, type ListingSide } from '../../../shared/market-labels';
import type { Listing } from '../../../shared/schemas/market';
import { PagedFrame } from '../../components/paged-frame';
import { EmptyState, ErrorState, LoadingState, StateButton } from '../../components/state-views';
import { UserAvatar } from '../../components/user-avatar';
import { stores } from '../../lib/stores';
import { useLoad } from '../../lib/use-load';
import { usePagedList } from '../../lib/use-paged-list';
import { getSeller } from './api/get-seller';
import { ShareButton } from '../../components/share-button';
import { WatchButton } from '../../components/watch-button';
import { listUserListings } from './api/list-user-listings';
import { useQueryState } from '../../lib/use-query-state';
import './market.css';
import { ItemPicture } from '../../components/item-picture';
import { SideToggle } from './components/side-toggle';
import { StandingFacts } from './components/seller-standing';
import { RecentFeedback } from './components/recent-feedback';
import '../../components/list-row.css';
import { RarityTag } from '../../components/rarity-tag';

const PAGE_SIZE = 20;

function ListingRow({ l }: { l: Listing }) {
  return (
    <li className="list-row">
      <ItemPicture kind={l.kind} image={l.itemImage} load={{ loading: 'lazy' }} />
      <div className="market-row-body">
        <Link to={`/market/detail?id=${encodeURIComponent(l.id)}`} className="market-row-name stretched-link">
          {l.itemName}
          {l.serialLabel ? ` ${l.serialLabel}` : ''}
        </Link>
        <div className="list-row-meta">
          {l.rarity && <RarityTag rarity={l.rarity} />}
          {sideOfSellType(l.sell_type) === 'buy' && <span>{bidWantText(l)}</span>}
          {l.serialRange && <span>只收序號 {l.serialRange}</span>}
        </div>
        <div className="market-row-price">
          <small>{sideOfSellType(l.sell_type) === 'sell' ? '售價' : '出價'}</small> {formatHkd(l.price)}
        </div>
      </div>
    </li>
  );
}

function Listings({ id, side }: { id: string; side: ListingSide }) {
  const navigate = useNavigate();
  const fetchPage = useCallback(
    (page: number, pageSize: number) => listUserListings({ id, sell_type: SELL_TYPE[side], page, pageSize }),
    [id, side],
  );
  const list = usePagedList<Listing, 'userList'>(stores.market, 'userList', fetchPage, PAGE_SIZE, [id, side]);
  return (
    <PagedFrame
      {...list}
      what="掛單"
      endClassName="market-list-end"
      emptyText={{
        title: side === 'sell' ? '此賣家暫時沒有出售中的掛單' : '此用戶暫時沒有求購',
        description: '到市場看看其他掛單吧。',
        action: <StateButton onClick={() => navigate('/market')}>前往市場</StateButton>,
      }}
    >
      <ul className="market-list" aria-label={side === 'sell' ? '出售中的掛單' : '求購中的掛單'}>
        {list.items.map((l) => (
          <ListingRow key={l.id} l={l} />
        ))}
      </ul>
    </PagedFrame>
  );
}

/** /market/user?id=: a seller's storefront: profile and active listings (出售 / 求購). */
export default function MarketUserScreen() {
  const { params, update } = useQueryState();
  const id = params.get('id')?.trim() ?? '';
  const side = sideOfParam(params.get('sell_type'));
  const seller = useLoad(async () => (id ? getSeller(id) : null), [id]);
  if (!id)
    return (
      <EmptyState
        title="未有選擇賣家"
        description={
          <>
            請從<Link to="/market">市場</Link>的掛單打開賣家店舖。
          </>
        }
      />
    );
  if (seller.status === 'loading') return <LoadingState label="正在載入店舖…" />;
  if (seller.status === 'error')
    return seller.failure.code === 404 ? (
      <EmptyState
        title="找不到這位賣家"
        description={
          <>
            連結可能有誤，請返回<Link to="/market">市場</Link>。
          </>
        }
      />
    ) : (
      <ErrorState title="未能載入店舖" onRetry={seller.reload} />
    );
  const s = seller.data!;
  return (
    <div className="market">
      <section className="market-section" aria-labelledby="seller-name">
        <div className="market-seller">
          <UserAvatar src={s.avatar} size={56} />
          <div>
            <h2 id="seller-name" className="market-detail-title">
              {s.nickname}{' '}
              {s.verified && (
                <Tag color="success" fill="outline">
                  已實名認證
                </Tag>
              )}
            </h2>
            <p className="market-muted">出售中 {s.activeListings} 張掛單</p>
          </div>
          <div className="market-watch">
            <WatchButton kind="seller" id={s.id} />
            <ShareButton title={`${s.nickname} 的店舖`} text={`${s.nickname} 的店舖｜Trove 寶庫`} />
          </div>
        </div>
        {s.bio && <p className="market-muted">{s.bio}</p>}
        <StandingFacts standing={s.standing} label={`${s.nickname}的信譽`} />
      </section>
      <RecentFeedback userId={id} />
      <div className="market-toolbar">
        <SideToggle
          side={side}
          onChange={(next) => update({ sell_type: next === 'buy' ? String(SELL_TYPE.buy) : undefined })}
        />
      </div>
      <Listings key={side} id={id} side={side} />
    </div>
  );
}
