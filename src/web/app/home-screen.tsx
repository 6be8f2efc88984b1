import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { RegionBoundary } from '../components/region-boundary';
import { SpriteIcon, type SpriteIconName } from '../components/sprite-icon';
import { Skeleton } from '../components/skeleton';
import { useSession } from '../lib/stores';
import { BannerCarousel } from '../features/content/components/banner-carousel';
import { SearchEntry } from '../features/search/components/search-entry';
import { DropsSection } from '../features/mall/components/drops-section';
import { useHeroShown } from '../lib/use-painted';
import { loadChunk } from './lazy-screen';
import './home.css';

// Below the fold on a phone: its list, image and tag components come once the first banner is on screen.
const LatestArticles = lazy(() =>
  loadChunk(() =>
    import('../features/content/components/latest-articles').then((m) => ({ default: m.LatestArticles })),
  ),
);

const SHORTCUTS: { to: string; label: string; icon: SpriteIconName }[] = [
  { to: '/mall', label: '商城', icon: 'shopbag' },
  { to: '/market', label: '市場', icon: 'team' },
  { to: '/my/card', label: '兌換', icon: 'gift' },
  { to: '/my/collection', label: '我的收藏', icon: 'star' },
];

function Shortcuts() {
  return (
    <nav className="shortcuts" aria-label="捷徑">
      {SHORTCUTS.map(({ to, label, icon }) => (
        <Link key={to} to={to} className="shortcut">
          <span className="shortcut-icon">
            <SpriteIcon name={icon} />
          </span>
          <span>{label}</span>
        </Link>
      ))}
    </nav>
  );
}

/** For a visitor who is not signed in: what Trove is, in one line, and the way in. */
function Welcome() {
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title" className="welcome-title">
        限量卡牌、實物兌換、玩家市場，一個寶庫搞掂
      </h2>
      <div className="welcome-actions">
        <Link to="/login" className="state-button outline-button state-button-solid">
          登入
        </Link>
        <Link to="/register" className="state-button outline-button">
          註冊
        </Link>
      </div>
    </section>
  );
}

const articlesLoading = <Skeleton shape="row" count={3} label="正在載入文章…" />;

/** "/": composed from the features (each region fails on its own). */
export default function HomeScreen() {
  const heroShown = useHeroShown();
  const signedIn = useSession() !== null;
  return (
    <>
      <SearchEntry />
      {signedIn ? null : <Welcome />}
      <RegionBoundary region="橫額">
        <BannerCarousel />
      </RegionBoundary>
      <Shortcuts />
      <RegionBoundary region="發售資訊">
        <DropsSection />
      </RegionBoundary>
      <RegionBoundary region="最新消息">
        <Suspense fallback={articlesLoading}>{heroShown ? <LatestArticles /> : articlesLoading}</Suspense>
      </RegionBoundary>
    </>
  );
}
