import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../adapters/ids';
import { saleWindowProblem, type AdminProduct } from '../../../shared/schemas/admin-catalogue';
import type { Right } from '../../../shared/schemas/catalogue';
import { writtenRights } from './catalogue-admin-rights';
import type { Operator } from '../auth/auth.service';
import type { AdminProductRow } from './catalogue-admin.repository';
import type { CatalogueAdminContext, Page } from './catalogue-admin-common';
import { paging } from '../../db/queries';
import { saleDates, defined, deleteOr409, iso, shown, shownOne } from './catalogue-admin-common';

const toProduct = (r: AdminProductRow): AdminProduct => ({
  ...r,
  type: r.type === 1 ? 1 : 0,
  saleStartsAt: iso(r.saleStartsAt),
  saleEndsAt: iso(r.saleEndsAt),
  createdAt: r.createdAt.toISOString(),
});

export interface ProductInput {
  type: 0 | 1;
  name: string;
  nameEn: string | null;
  description: string;
  images: string[];
  priceCents: number;
  stock: number;
  perUserLimit: number;
  hot: boolean;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  rights: Right[];
  sort: number;
}

/** The back office's mall products: stock never below what is sold and reserved. */
export function createProductsAdmin({ deps, svc, repo, changed, saleWrite }: CatalogueAdminContext) {
  return {
    async listProducts(_op: Operator, q: Page & { q?: string; type?: number; onSale?: boolean }) {
      return shown(repo.listProducts(deps.db, deps.clock.now(), { ...q, ...paging(q) }), toProduct);
    },

    async product(_op: Operator, id: string): Promise<AdminProduct> {
      return shownOne(repo.product(deps.db, id), toProduct, '找不到此商品');
    },

    async createProduct(op: Operator, input: ProductInput): Promise<AdminProduct> {
      const window = saleWindowProblem(input);
      if (window) throw invalid(window);
      const id = newId('prd');
      return deps.db.transaction(async (tx) => {
        const rights = await writtenRights(tx, repo, input.rights);
        await repo.insertProduct(tx, { id, ...saleDates({ ...input, rights }), createdAt: deps.clock.now() });
        const after = toProduct((await repo.product(tx, id))!);
        await changed(tx, op, 'product.create', id, { after });
        return after;
      });
    },

    async updateProduct(op: Operator, id: string, patch: Partial<ProductInput>): Promise<AdminProduct> {
      return saleWrite({ kind: 'product', id }, async (tx) => {
        const row = await repo.product(tx, id, { lock: true });
        if (!row) throw notFound('找不到此商品');
        const before = toProduct(row);
        const merged = { ...before, ...defined(patch) };
        const window = saleWindowProblem(merged);
        if (window) throw invalid(window);
        const held = row.sold + row.reserved;
        if (merged.stock < held)
          throw conflict(`「庫存」不能少於已售出及訂單保留的數量（${held}）`, 'stock_below_sold');
        const rights = await writtenRights(tx, repo, patch.rights);
        await repo.updateProduct(tx, id, defined(saleDates({ ...patch, rights })));
        const after = toProduct((await repo.product(tx, id))!);
        await changed(tx, op, 'product.update', id, { before, after });
        return after;
      });
    },

    async deleteProduct(op: Operator, id: string): Promise<AdminProduct> {
      return saleWrite({ kind: 'product', id }, async (tx) => {
        const row = await repo.product(tx, id, { lock: true });
        if (!row) throw notFound('找不到此商品');
        if (row.sold > 0)
          throw conflict(`此商品已售出 ${row.sold} 件，不能刪除；可把「停售時間」設為現在以停止發售`, 'has_goods');
        if (row.reserved > 0) throw conflict('此商品有未完成的訂單，不能刪除', 'has_orders');
        if (await svc.market.hasListingsFor(tx, { productId: id }))
          throw conflict('此商品已有市場掛單紀錄，不能刪除', 'has_listings');
        await deleteOr409(() => repo.deleteProduct(tx, id), '商品');
        await changed(tx, op, 'product.delete', id, { before: toProduct(row) });
        return toProduct(row);
      });
    },
  };
}
