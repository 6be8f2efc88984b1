import type { WatchKind } from '../../shared/schemas/watch';
import { afterLoadPart } from './after-load';
import './watch-button.css';

/**
 * The ♡ of a card info, product, listing or seller (watch-toggle.tsx), loaded after the page's load event; until then
 * its 44 px box with the outline glyph.
 */
export const WatchButton = afterLoadPart<{ kind: WatchKind; id: string; name?: string }>(
  () => import('./watch-toggle').then((m) => m.WatchToggle),
  () => (
    <span className="watch-button" aria-hidden="true">
      <span>♡</span>
    </span>
  ),
);
