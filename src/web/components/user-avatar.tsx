import { SpriteIcon } from './sprite-icon';
import './user-avatar.css';

/**
 * A user's picture, round, `size` px across: the photo, or a person's outline where there is none; decorative (the
 * nickname beside it names the user). antd-mobile's Avatar drew the same through its Image, whose lazy detector brings
 * ahooks and lodash's throttle: 4.7 KB gzip of the first load of /market/detail and /market/user (issue 23).
 */
export function UserAvatar({ src, size }: { src: string | null | undefined; size: number }) {
  return src ? (
    <img className="user-avatar" src={src} alt="" width={size} height={size} />
  ) : (
    <span
      className="user-avatar user-avatar-none"
      style={{ width: size, height: size, fontSize: size * 0.6 }}
      aria-hidden="true"
    >
      <SpriteIcon name="user" />
    </span>
  );
}
