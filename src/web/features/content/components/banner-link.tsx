import { Link } from 'react-router';
import type { Banner } from '../../../../shared/schemas/content';

/**
 * One banner's picture (16:7, sized by CSS before it loads), linked in the app, out of it, or not at all.
 * `onShown`: called with the picture once it has loaded (with null if it could not be).
 */
export function BannerLink({
  banner,
  eager = false,
  onShown,
}: {
  banner: Banner;
  eager?: boolean;
  onShown?: (img: HTMLImageElement | null) => void;
}) {
  // The first banner is the home screen's largest picture: asked for at once and at high priority.
  const image = (
    <img
      className="banner-image"
      src={banner.image}
      alt={banner.title}
      width={750}
      height={300}
      fetchPriority={eager ? 'high' : 'auto'}
      loading={eager ? 'eager' : 'lazy'}
      onLoad={onShown && ((e) => onShown(e.currentTarget))}
      onError={onShown && (() => onShown(null))}
    />
  );
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
