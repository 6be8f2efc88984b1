import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fromIso } from '../lib/format';

/**
 * `…?create=1&saleStartsAt=<ISO>`: a link that opens a list's 新增 form at once (the drop calendar's 新增), its
 * sale start prefilled. The query is taken off the address once read, so going back does not open it again.
 */
export const createPath = (resource: string, saleStartsAt?: string | null) =>
  `/${resource}?create=1${saleStartsAt ? `&saleStartsAt=${encodeURIComponent(saleStartsAt)}` : ''}`;

/** Opens the form (`open`) when the address asks for it; answers the values it prefills. */
export function useCreateLink(open: () => void): { saleStartsAt?: Dayjs } | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [initial, setInitial] = useState<{ saleStartsAt?: Dayjs }>();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('create') !== '1') return;
    const start = fromIso(params.get('saleStartsAt'));
    setInitial(start ? { saleStartsAt: start } : {});
    open();
    navigate({ pathname: location.pathname, search: '' }, { replace: true });
    // Only when the address changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);
  return initial;
}
