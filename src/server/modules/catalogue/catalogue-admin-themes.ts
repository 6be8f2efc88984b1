import type { Executor } from '../../db/client';
import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../adapters/ids';
import type { AdminTheme } from '../../../shared/schemas/admin-catalogue';
import type { Operator } from '../auth/auth.service';
import type { AdminThemeRow } from './catalogue-admin.repository';
import type { CatalogueAdminContext, Page } from './catalogue-admin-common';
import { paging } from '../../db/queries';
import { defined, deleteOr409, shown, shownOne } from './catalogue-admin-common';

const toTheme = (r: AdminThemeRow): AdminTheme => ({ ...r, createdAt: r.createdAt.toISOString() });

export interface ThemeInput {
  name: string;
  nameEn: string | null;
  description: string;
  cover: string;
  bCardInfoId: string | null;
  sort: number;
}

/** The back office's themes (卡冊). */
export function createThemesAdmin({ deps, repo, changed }: CatalogueAdminContext) {
  /** The B card a theme names must be one of its own card infos, marked B card. */
  async function checkBCard(tx: Executor, themeId: string, bCardInfoId: string | null) {
    if (bCardInfoId === null) return;
    const card = await repo.cardInfo(tx, bCardInfoId);
    if (!card || card.themeId !== themeId || !card.isBCard) throw invalid('「B 卡」須為此卡冊中標記為 B 卡的卡牌');
  }

  return {
    async listThemes(_op: Operator, q: Page & { q?: string }) {
      return shown(repo.listThemes(deps.db, { ...q, ...paging(q) }), toTheme);
    },

    async theme(_op: Operator, id: string): Promise<AdminTheme> {
      return shownOne(repo.theme(deps.db, id), toTheme, '找不到此卡冊');
    },

    /** A new theme has no card infos yet: its B card is named by an update once they exist. */
    async createTheme(op: Operator, input: Omit<ThemeInput, 'bCardInfoId'>): Promise<AdminTheme> {
      const id = newId('thm');
      return deps.db.transaction(async (tx) => {
        await repo.insertTheme(tx, { id, ...input, bCardInfoId: null, createdAt: deps.clock.now() });
        const after = toTheme((await repo.theme(tx, id))!);
        await changed(tx, op, 'theme.create', id, { after });
        return after;
      });
    },

    async updateTheme(op: Operator, id: string, patch: Partial<ThemeInput>): Promise<AdminTheme> {
      return deps.db.transaction(async (tx) => {
        const row = await repo.theme(tx, id, { lock: true });
        if (!row) throw notFound('找不到此卡冊');
        if (patch.bCardInfoId !== undefined) await checkBCard(tx, id, patch.bCardInfoId);
        await repo.updateTheme(tx, id, defined(patch));
        const after = toTheme((await repo.theme(tx, id))!);
        await changed(tx, op, 'theme.update', id, { before: toTheme(row), after });
        return after;
      });
    },

    async deleteTheme(op: Operator, id: string): Promise<AdminTheme> {
      return deps.db.transaction(async (tx) => {
        const row = await repo.theme(tx, id, { lock: true });
        if (!row) throw notFound('找不到此卡冊');
        if (row.cardInfoCount > 0)
          throw conflict(`此卡冊仍有 ${row.cardInfoCount} 張卡牌，請先刪除或移走卡牌`, 'has_card_infos');
        await deleteOr409(() => repo.deleteTheme(tx, id), '卡冊');
        await changed(tx, op, 'theme.delete', id, { before: toTheme(row) });
        return toTheme(row);
      });
    },
  };
}
