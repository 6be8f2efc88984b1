import type { Address } from '../../../../shared/schemas/addresses';
import { post } from '../../../lib/request';

/** POST address/setDefault {id}. */
export const setDefaultAddress = (id: string) => post<Address>('address/setDefault', { id });
