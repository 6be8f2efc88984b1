import type { Deps } from './deps';
import { createAuthService } from './modules/auth/auth.service';
import { createCardsService } from './modules/cards/cards.service';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createContentService } from './modules/content/content.service';
import { createGoodsService } from './modules/goods/goods.service';
import { createPayOrdersService } from './modules/pay-orders/pay-orders.service';
import { createPaymentsService } from './modules/payments/payments.service';

/** Every domain service, built once per app from the same dependencies. */
export function createServices(deps: Deps) {
  const cards = createCardsService(deps);
  const goods = createGoodsService(deps);
  const catalogue = createCatalogueService(deps);
  const payOrders = createPayOrdersService(deps, { catalogue, cards, goods });
  return {
    auth: createAuthService(deps),
    content: createContentService(deps),
    catalogue,
    payOrders,
    payments: createPaymentsService(deps, { payOrders }),
    cards,
    goods,
  };
}
export type Services = ReturnType<typeof createServices>;
