import type { Banner } from '../../../../shared/schemas/content';
import { get, isFailure } from '../../../lib/request';
import { stores, useList } from '../../../lib/stores';
import { useLoad } from '../../../lib/use-load';

/** GET banner: the banners in their active window, kept in the banner store. */
export async function getBanners() {
  const result = await get<Banner[]>('banner', undefined, { loading: false });
  if (!isFailure(result)) stores.banner.set('banner', result);
  return result;
}

export function useBanners() {
  const state = useLoad(getBanners, []);
  const banners = useList<Banner, 'banner'>(stores.banner, 'banner');
  return { ...state, banners };
}
