import type { Identity } from '../../../../shared/schemas/identity';
import { get } from '../../../lib/request';

/** GET userIdInfo/info: the masked record, or null before verification. */
export const getIdentity = () => get<Identity | null>('userIdInfo/info', undefined, { loading: false });
