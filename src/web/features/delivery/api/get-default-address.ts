import type { Address } from '../../../../shared/schemas/addresses';
import { get } from '../../../lib/request';

/** GET address/default: the default address, or null when the book is empty. */
export const getDefaultAddress = () => get<Address | null>('address/default', undefined, { loading: false });
