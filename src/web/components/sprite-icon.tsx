import spriteUrl from './icons.svg?url';

/** The icons in icons.svg: antd-mobile-icons' AppOutline, ShopbagOutline, TeamOutline, UserOutline, LeftOutline, GiftOutline, StarOutline, and a bell (the notification centre). */
export type SpriteIconName = 'app' | 'shopbag' | 'team' | 'user' | 'left' | 'gift' | 'star' | 'bell';

/**
 * An antd-mobile-icons outline icon drawn from one cached SVG file: the tab bar, the back button and the
 * home shortcuts would otherwise put their path data (about 8 KB gzip) into the first screen's JavaScript.
 * Same size and alignment as antd-mobile-icons; decorative (the control carries the name).
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg
      className={className ? `antd-mobile-icon ${className}` : 'antd-mobile-icon'}
      width="1em"
      height="1em"
      style={{ verticalAlign: '-0.125em' }}
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
