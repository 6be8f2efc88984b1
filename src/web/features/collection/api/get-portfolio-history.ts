import type { PortfolioHistory, PortfolioRange } from '../../../../shared/schemas/portfolio';
import { get } from '../../../lib/request';

/** GET portfolio/history?range=: the user's daily collection value (and cost), oldest first. */
export const getPortfolioHistory = (range: PortfolioRange) =>
  get<PortfolioHistory>('portfolio/history', { range }, { loading: false });
