import type { CardPublicResult } from '../../../../shared/schemas/share';
import { post } from '../../../lib/request';

/** POST card/public: the owner shows or hides their card at `/card?id=`. */
export const setCardPublic = (id: string, on: boolean) => post<CardPublicResult>('card/public', { id, public: on });
