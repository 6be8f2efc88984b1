import type { CardPublicResult, PublicCard } from '../../../../shared/schemas/share';
import { get, post } from '../../../lib/request';

/** GET card/public: a card its owner made public (a private or missing one is the same 404). */
export const getPublicCard = (id: string) => get<PublicCard>('card/public', { id }, { loading: false });

/** POST card/public: the owner shows or hides their card at `/card?id=`. */
export const setCardPublic = (id: string, on: boolean) => post<CardPublicResult>('card/public', { id, public: on });
