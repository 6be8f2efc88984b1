import { ADDRESSES_PER_USER } from '../../../../shared/constants';
import type { Address } from '../../../../shared/schemas/addresses';
import { get } from '../../../lib/request';

/** GET address/list: the whole book (at most 20), the default first. */
export const listAddresses = () =>
  get<Address[]>('address/list', { page: 1, pageSize: ADDRESSES_PER_USER }, { loading: false });
