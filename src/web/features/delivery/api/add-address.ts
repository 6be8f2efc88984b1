import type { AddAddressBody, Address } from '../../../../shared/schemas/addresses';
import { post } from '../../../lib/request';

/** POST address/add. */
export const addAddress = (body: AddAddressBody) => post<Address>('address/add', body);
