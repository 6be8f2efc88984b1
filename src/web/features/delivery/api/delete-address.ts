import { post } from '../../../lib/request';

/** POST address/delete {id}: answers the new default (the most recent address) when the default was deleted. */
export const deleteAddress = (id: string) =>
  post<{ id: string; newDefaultId: string | null }>('address/delete', { id });
