import type { PortfolioSummary } from '../../shared/schemas/portfolio';
import { get } from '../lib/request';

/** GET portfolio/summary: what the user's collection is worth, its cost, profit and loss, by theme and item. */
export const getPortfolioSummary = () => get<PortfolioSummary>('portfolio/summary', undefined, { loading: false });
