import { Swiper } from 'antd-mobile';
import { Link } from 'react-router';
import type { Banner } from '../../../../shared/schemas/content';
import { useBanners } from '../api/get-banners';
import { LoadingState } from '../../../components/state-views';

function BannerLink({ banner }: { banner: Banner }) {
  const image = <img className="banner-image" src={banner.image} alt={banner.title} />;
  if (banner.link.startsWith('/')) return <Link to={banner.link}>{image}</Link>;
  if (/^https?:\/\//.test(banner.link)) {
    return (
      <a href={banner.link} target="_blank" rel="noopener noreferrer">
        {image}
      </a>
    );
  }
  return image;
}

/** The home banners (antd-mobile Swiper). With no banners the region is left out. */
export function BannerCarousel() {
  const { status, banners, reload } = useBanners();
  if (status === 'loading' && banners.length === 0) return <LoadingState label="正在載入橫額…" />;
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
      <Swiper autoplay={banners.length > 1} loop={banners.length > 1} style={{ '--border-radius': '12px' }}>
        {banners.map((banner, i) => (
          <Swiper.Item key={banner.id} aria-label={`第 ${i + 1} 張，共 ${banners.length} 張：${banner.title}`}>
            <BannerLink banner={banner} />
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}
