import type { Address, UpdateAddressBody } from '../../../../shared/schemas/addresses';
import { post } from '../../../lib/request';

/** POST address/update. */
export const updateAddress = (body: UpdateAddressBody) => post<Address>('address/update', body);
