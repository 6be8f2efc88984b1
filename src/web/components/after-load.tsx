import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { pageLoaded } from '../lib/after-load';

/**
 * A part of a screen the first picture does not need (the ♡, 分享, a sheet's button): its code is fetched once the
 * page's load event has passed (`lib/after-load.ts`), so a shared link's first load does not carry it (decision 035).
 * Until then `placeholder` holds its box, the same size, so nothing moves; it is hidden from assistive technology and
 * out of the Tab order, and the loaded part keeps its own name. A failed fetch leaves the placeholder, and the next
 * mount asks again.
 */
export function afterLoadPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: (props: P) => ReactNode,
): ComponentType<P> {
  let part: ComponentType<P> | undefined;
  let loading: Promise<void> | null = null;
  const fetchPart = () =>
    (loading ??= pageLoaded()
      .then(load)
      .then((p) => void (part = p))
      .catch(() => void (loading = null)));
  return function AfterLoadPart(props: P) {
    const [, setLoaded] = useState(part !== undefined);
    useEffect(() => {
      if (!part) void fetchPart().then(() => setLoaded(part !== undefined));
    }, []);
    const Part = part;
    return Part ? <Part {...props} /> : placeholder(props);
  };
}
