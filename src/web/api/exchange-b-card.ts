import type { ExchangeBCardResult } from '../../shared/schemas/collection';
import { post } from '../lib/request';

/** POST card/exchangeBCard: consumes one card of each card info of the theme for its B card. */
export const exchangeBCard = (themeId: string) => post<ExchangeBCardResult>('card/exchangeBCard', { themeId });
