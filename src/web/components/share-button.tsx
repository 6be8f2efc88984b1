import { afterLoadPart } from './after-load';
import './watch-button.css';
import './share-button.css';

/** What a share names: its title and one line; the link is the screen's own address (or `path`) on this site. */
export interface ShareButtonProps {
  title: string;
  text?: string;
  /** Path and query of the page to share; the current page when left out. */
  path?: string;
}

/** 「分享」 (share-control.tsx), loaded after the page's load event; until then its 44 px box with the glyph. */
export const ShareButton = afterLoadPart<ShareButtonProps>(
  () => import('./share-control').then((m) => m.ShareControl),
  () => (
    <span className="watch-button share-button" aria-hidden="true">
      <ShareGlyph />
    </span>
  ),
);

/** The share glyph, in the text colour at the button's font size. */
export function ShareGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M18 16.1c-.8 0-1.5.3-2 .8l-7.1-4.2c.1-.2.1-.5.1-.7s0-.5-.1-.7L16 7.2c.5.5 1.2.8 2 .8 1.7 0 3-1.3 3-3s-1.3-3-3-3-3 1.3-3 3c0 .2 0 .5.1.7L8 9.8C7.5 9.3 6.8 9 6 9c-1.7 0-3 1.3-3 3s1.3 3 3 3c.8 0 1.5-.3 2-.8l7.1 4.2c-.1.2-.1.4-.1.6 0 1.6 1.3 2.9 2.9 2.9s2.9-1.3 2.9-2.9-1.2-2.9-2.8-2.9z"
      />
    </svg>
  );
}
