import { post } from '../../../lib/request';

/** POST alert/delete: removes one of the user's own price alerts. */
export const deleteAlert = (id: string) => post<{ id: string; deleted: boolean }>('alert/delete', { id });
