import { lazy, Suspense, useState } from 'react';
import type { PopupProps } from 'antd-mobile';
import { loadOverlays } from '../lib/overlays';

const Popup = lazy(() => loadOverlays().then((m) => ({ default: m.Popup })));

/**
 * antd-mobile's Popup, whose code (with react-spring and @use-gesture, ~35 KB gzip) is fetched when it is first
 * opened, and which then stays mounted so it can animate closed. Nothing shows before it opens, so nothing moves.
 */
export function LazyPopup(props: PopupProps) {
  const [asked, setAsked] = useState(false);
  if (props.visible && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <Popup {...props} />
    </Suspense>
  );
}
