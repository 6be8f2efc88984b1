import type { SaleInfo } from './catalogue.service';

/**
 * Test data for services tested with fakes: a card info on sale (HK$128, 10 of 10 left, no sale window, not hot);
 * `over` changes any of it.
 */
export const testSaleInfo = (over: Partial<SaleInfo> = {}): SaleInfo => ({
  kind: 'card',
  id: 'ci_1',
  name: '火焰龍',
  image: '/x.svg',
  priceCents: 12_800,
  perUserLimit: 2,
  hot: false,
  saleStartsAt: null,
  saleEndsAt: null,
  saleState: 'on_sale',
  total: 10,
  left: 10,
  productType: null,
  themeId: null,
  ...over,
});
