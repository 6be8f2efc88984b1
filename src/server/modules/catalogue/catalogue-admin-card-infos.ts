import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../adapters/ids';
import { saleWindowProblem, type AdminCardInfo } from '../../../shared/schemas/admin-catalogue';
import type { Rarity } from '../../../shared/constants';
import type { Right } from '../../../shared/schemas/catalogue';
import { writtenRights } from './catalogue-admin-rights';
import type { Operator } from '../auth/auth.service';
import type { AdminCardInfoRow } from './catalogue-admin.repository';
import type { CatalogueAdminContext, Page } from './catalogue-admin-common';
import { paging } from '../../db/queries';
import { saleDates, defined, deleteOr409, iso, shown, shownOne } from './catalogue-admin-common';

const toCardInfo = (r: AdminCardInfoRow): AdminCardInfo => ({
  ...r,
  saleStartsAt: iso(r.saleStartsAt),
  saleEndsAt: iso(r.saleEndsAt),
  createdAt: r.createdAt.toISOString(),
});

export interface CardInfoInput {
  themeId: string;
  name: string;
  nameEn: string | null;
  description: string;
  image: string;
  rarity: Rarity;
  editionSize: number;
  priceCents: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  perUserLimit: number;
  hot: boolean;
  rights: Right[];
  isBCard: boolean;
  sort: number;
}

function checkCardRules(c: {
  isBCard: boolean;
  priceCents: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
}) {
  if (c.isBCard && c.priceCents !== null) throw invalid('B 卡只可集齊卡冊兌換，不在商城發售：請把「售價」留空');
  const window = saleWindowProblem(c);
  if (window) throw invalid(window);
}

/** The back office's card infos: edition size never below what is minted and reserved, a theme's B card kept. */
export function createCardInfosAdmin({ deps, svc, repo, changed, saleWrite }: CatalogueAdminContext) {
  return {
    async listCardInfos(_op: Operator, q: Page & { q?: string; themeId?: string; onSale?: boolean }) {
      return shown(repo.listCardInfos(deps.db, deps.clock.now(), { ...q, ...paging(q) }), toCardInfo);
    },

    async cardInfo(_op: Operator, id: string): Promise<AdminCardInfo> {
      return shownOne(repo.cardInfo(deps.db, id), toCardInfo, '找不到此卡牌');
    },

    async createCardInfo(op: Operator, input: CardInfoInput): Promise<AdminCardInfo> {
      checkCardRules(input);
      const id = newId('ci');
      return deps.db.transaction(async (tx) => {
        if (!(await repo.theme(tx, input.themeId, { lock: true }))) throw invalid('找不到所選的卡冊');
        const rights = await writtenRights(tx, repo, input.rights);
        await repo.insertCardInfo(tx, { id, ...saleDates({ ...input, rights }), createdAt: deps.clock.now() });
        const after = toCardInfo((await repo.cardInfo(tx, id))!);
        await changed(tx, op, 'card_info.create', id, { after });
        return after;
      });
    },

    async updateCardInfo(op: Operator, id: string, patch: Partial<CardInfoInput>): Promise<AdminCardInfo> {
      return saleWrite({ kind: 'card', id }, async (tx) => {
        // The row lock makes the edition check below hold against reservations and mints in flight.
        const row = await repo.cardInfo(tx, id, { lock: true });
        if (!row) throw notFound('找不到此卡牌');
        const before = toCardInfo(row);
        const merged = { ...before, ...defined(patch) };
        checkCardRules(merged);
        const held = row.minted + row.reserved;
        if (merged.editionSize < held)
          throw conflict(`「發行量」不能少於已發行及訂單保留的數量（${held}）`, 'edition_below_minted');
        const bOf = await repo.themeWithBCard(tx, id);
        if (bOf && (!merged.isBCard || merged.themeId !== row.themeId))
          throw conflict(`此卡牌是卡冊「${bOf.name}」的 B 卡：請先在卡冊更改 B 卡`, 'is_b_card');
        if (merged.themeId !== row.themeId) {
          if (held > 0) throw conflict('此卡牌已有發行或保留，不能移到另一卡冊', 'moved_with_cards');
          if (!(await repo.theme(tx, merged.themeId))) throw invalid('找不到所選的卡冊');
        }
        const rights = await writtenRights(tx, repo, patch.rights);
        await repo.updateCardInfo(tx, id, defined(saleDates({ ...patch, rights })));
        const after = toCardInfo((await repo.cardInfo(tx, id))!);
        await changed(tx, op, 'card_info.update', id, { before, after });
        return after;
      });
    },

    async deleteCardInfo(op: Operator, id: string): Promise<AdminCardInfo> {
      return saleWrite({ kind: 'card', id }, async (tx) => {
        const row = await repo.cardInfo(tx, id, { lock: true });
        if (!row) throw notFound('找不到此卡牌');
        if (row.minted > 0)
          throw conflict(`此卡牌已發行 ${row.minted} 張，不能刪除；可把「停售時間」設為現在以停止發售`, 'has_cards');
        if (row.reserved > 0) throw conflict('此卡牌有未完成的訂單，不能刪除', 'has_orders');
        const bOf = await repo.themeWithBCard(tx, id);
        if (bOf) throw conflict(`此卡牌是卡冊「${bOf.name}」的 B 卡：請先在卡冊更改 B 卡`, 'is_b_card');
        if (await svc.market.hasListingsFor(tx, { cardInfoId: id }))
          throw conflict('此卡牌已有市場掛單紀錄，不能刪除', 'has_listings');
        await deleteOr409(() => repo.deleteCardInfo(tx, id), '卡牌');
        await changed(tx, op, 'card_info.delete', id, { before: toCardInfo(row) });
        return toCardInfo(row);
      });
    },
  };
}
