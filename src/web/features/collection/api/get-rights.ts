import type { HeldRight } from '../../../../shared/schemas/collection';
import { get } from '../../../lib/request';

/** GET card/rights: the rights of the cards the user holds, each with the cards that grant it. */
export const getRights = () => get<HeldRight[]>('card/rights', undefined, { loading: false });
