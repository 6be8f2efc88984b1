import { Swiper } from 'antd-mobile';
import type { Banner } from '../../../../shared/schemas/content';
import { BannerLink } from './banner-link';

/** The sliding banners (antd-mobile Swiper, with its gesture and animation libraries): loaded after the first screen. */
export default function BannerSwiper({ banners }: { banners: readonly Banner[] }) {
  return (
    <Swiper autoplay={banners.length > 1} loop={banners.length > 1} style={{ '--border-radius': '12px' }}>
      {banners.map((banner, i) => (
        <Swiper.Item key={banner.id} aria-label={`第 ${i + 1} 張，共 ${banners.length} 張：${banner.title}`}>
          <BannerLink banner={banner} eager={i === 0} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
