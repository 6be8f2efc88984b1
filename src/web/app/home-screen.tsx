import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { GiftOutline, ShopbagOutline, StarOutline, TeamOutline } from 'antd-mobile-icons';
import { RegionBoundary } from '../components/region-boundary';
import { BannerCarousel } from '../features/content/components/banner-carousel';
import { LatestArticles } from '../features/content/components/latest-articles';
import { DropsSection } from '../features/mall/components/drops-section';

const SHORTCUTS: { to: string; label: string; icon: ComponentType<{ 'aria-hidden'?: boolean | 'true' }> }[] = [
  { to: '/mall', label: '商城', icon: ShopbagOutline },
  { to: '/market', label: '市場', icon: TeamOutline },
  { to: '/my/card', label: '兌換', icon: GiftOutline },
  { to: '/my/collection', label: '我的收藏', icon: StarOutline },
];

function Shortcuts() {
  return (
    <nav className="shortcuts" aria-label="捷徑">
      {SHORTCUTS.map(({ to, label, icon: Icon }) => (
        <Link key={to} to={to} className="shortcut">
          <span className="shortcut-icon">
            <Icon aria-hidden="true" />
          </span>
          <span>{label}</span>
        </Link>
      ))}
    </nav>
  );
}

/** "/": composed from the features (each region fails on its own). */
export default function HomeScreen() {
  return (
    <>
      <RegionBoundary region="橫額">
        <BannerCarousel />
      </RegionBoundary>
      <Shortcuts />
      <RegionBoundary region="發售資訊">
        <DropsSection />
      </RegionBoundary>
      <RegionBoundary region="最新消息">
        <LatestArticles />
      </RegionBoundary>
    </>
  );
}
