import { Swiper } from 'antd-mobile';
import type { Banner } from '../../../../shared/schemas/content';
import { BannerLink } from './banner-link';

/**
 * The sliding banners (antd-mobile Swiper, with its gesture and animation libraries): loaded after the first screen.
 * They move when the user swipes, never by themselves: a carousel that moves on its own for more than 5 s needs a
 * pause control (WCAG 2.2.2), and the autoplaying Swiper kept the phone drawing frames, about half a core of a
 * 2-core machine, for as long as the home screen stayed open (measured in headless Chromium, decision 046).
 */
export default function BannerSwiper({ banners }: { banners: readonly Banner[] }) {
  return (
    <Swiper loop={banners.length > 1} style={{ '--border-radius': '12px' }}>
      {banners.map((banner, i) => (
        <Swiper.Item key={banner.id} aria-label={`第 ${i + 1} 張，共 ${banners.length} 張：${banner.title}`}>
          <BannerLink banner={banner} eager={i === 0} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
