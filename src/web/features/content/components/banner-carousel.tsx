import { lazy, Suspense, useEffect } from 'react';
import type { Banner } from '../../../../shared/schemas/content';
import { useBanners } from '../api/get-banners';
import { Skeleton } from '../../../components/skeleton';
import { markHeroShown, useHeroShown } from '../../../lib/use-painted';
import { BannerLink } from './banner-link';

/** The first banner alone: until the Swiper arrives, and for good when it cannot be fetched (offline). */
function FirstBanner({ banners }: { banners: readonly Banner[] }) {
  return <BannerLink banner={banners[0]!} eager onShown={markHeroShown} />;
}

// The Swiper and its gesture and animation libraries are a quarter of the home screen's download: the first
// banner shows on its own (same size, same place) until they arrive, and they are asked for once it is on
// screen (lib/use-painted.ts), so they never hold it back.
const BannerSwiper = lazy(() => import('./banner-swiper').catch(() => ({ default: FirstBanner })));

/** The home banners (antd-mobile Swiper). With no banners the region is left out. */
export function BannerCarousel() {
  const { status, banners, reload } = useBanners();
  const heroShown = useHeroShown();
  // No picture is coming: what waits for it need not.
  const noPicture = status !== 'loading' && banners.length === 0;
  useEffect(() => {
    if (noPicture) markHeroShown(null);
  }, [noPicture]);
  if (status === 'loading' && banners.length === 0) {
    // The banner's own box, so the sections below do not move when it arrives.
    return (
      <div className="banner-carousel">
        <Skeleton shape="banner" label="正在載入橫額…" />
      </div>
    );
  }
  if (status === 'error' && banners.length === 0) {
    return (
      <div className="banner-error" role="alert">
        <span>未能載入橫額。</span>
        <button type="button" className="link-button" onClick={reload}>
          重試
        </button>
      </div>
    );
  }
  if (banners.length === 0) return null;
  return (
    <section className="banner-carousel" aria-label="精選活動" aria-roledescription="carousel">
      {heroShown ? (
        <Suspense fallback={<FirstBanner banners={banners} />}>
          <BannerSwiper banners={banners} />
        </Suspense>
      ) : (
        <FirstBanner banners={banners} />
      )}
    </section>
  );
}
