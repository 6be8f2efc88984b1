import type { Deps } from '../../deps';
import type { AdminDrop } from '../../../shared/schemas/admin-catalogue';
import type { Operator } from '../auth/auth.service';
import { createCatalogueAdminRepository, type CatalogueAdminRepository } from './catalogue-admin.repository';
import { iso, type CatalogueAdminContext } from './catalogue-admin-common';
import { createCardInfosAdmin } from './catalogue-admin-card-infos';
import { createProductsAdmin } from './catalogue-admin-products';
import { createThemesAdmin } from './catalogue-admin-themes';
import { CATALOGUE_TAG } from './catalogue.service';

const SEARCH_KINDS: Record<string, 'card' | 'goods' | 'theme'> = {
  card_info: 'card',
  product: 'goods',
  theme: 'theme',
};

export type { CardInfoInput } from './catalogue-admin-card-infos';
export type { ProductInput } from './catalogue-admin-products';
export type { ThemeInput } from './catalogue-admin-themes';

/**
 * The back office's catalogue (PRODUCT.md §8): themes, card infos, products and the drop calendar. Every write
 * is one transaction holding the row it changes and its audit record; edits that would break the supply
 * invariants (edition size below minted + reserved, stock below sold + reserved) are refused with 409.
 *
 * Public data: every create / update / delete here changes what the mall and the catalogue show.
 */
export function createCatalogueAdminService(
  deps: Pick<Deps, 'db' | 'clock' | 'publicCache'>,
  svc: CatalogueAdminContext['svc'],
  repo: CatalogueAdminRepository = createCatalogueAdminRepository(),
) {
  const ctx: CatalogueAdminContext = {
    deps,
    svc,
    repo,
    async changed(tx, op, action, id, change) {
      deps.publicCache.invalidate(CATALOGUE_TAG);
      // The search docs follow every name change (and a deletion) in the same transaction (decision 031).
      const kind = SEARCH_KINDS[action.split('.')[0]!];
      if (kind) await svc.search.index(tx, kind, [id]);
      await svc.audit.record(tx, op, { action, targetType: action.split('.')[0]!, targetId: id, ...change });
    },
    async saleWrite(item, write) {
      const result = await deps.db.transaction(write);
      // Committed: every instance's sold-out flag of this item is cleared, so buyers see the new supply or window.
      svc.catalogue.saleChanged(item);
      return result;
    },
  };

  return {
    ...createThemesAdmin(ctx),
    ...createCardInfosAdmin(ctx),
    ...createProductsAdmin(ctx),

    /* ---- Drop calendar ---- */

    /** What goes on sale, or is on sale, between `from` and `to`: card infos and products by sale start. */
    async drops(_op: Operator, q: { from: string; to: string }): Promise<AdminDrop[]> {
      const { cards, goods } = await repo.drops(deps.db, new Date(q.from), new Date(q.to));
      const rows: AdminDrop[] = [
        ...cards.map((c) => ({
          kind: 'card' as const,
          ...c,
          saleStartsAt: iso(c.saleStartsAt),
          saleEndsAt: iso(c.saleEndsAt),
        })),
        ...goods.map(({ images, ...p }) => ({
          kind: 'product' as const,
          ...p,
          image: images[0] ?? '',
          saleStartsAt: iso(p.saleStartsAt),
          saleEndsAt: iso(p.saleEndsAt),
        })),
      ];
      return rows.sort(
        (a, b) => (a.saleStartsAt ?? '').localeCompare(b.saleStartsAt ?? '') || a.id.localeCompare(b.id),
      );
    },
  };
}
export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
