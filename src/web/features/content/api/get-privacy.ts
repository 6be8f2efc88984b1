import type { Privacy } from '../../../../shared/schemas/content';
import { get } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';

/** GET privacy/info: the privacy policy in force. */
export const getPrivacy = () => get<Privacy>('privacy/info', undefined, { loading: false });

export function usePrivacy() {
  return useLoad(getPrivacy, []);
}
