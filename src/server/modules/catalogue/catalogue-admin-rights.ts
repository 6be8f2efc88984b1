import { newId } from '../../adapters/ids';
import type { Executor } from '../../db/client';
import { invalid } from '../../errors';
import type { Right } from '../../../shared/schemas/catalogue';
import { describePerk, perkTitle } from '../../../shared/schemas/perks';
import type { CatalogueAdminRepository } from './catalogue-admin.repository';

/**
 * Rights as the back office saves them (decision 029): each keeps its id (a new one gets one, so its perk's uses stay
 * keyed when rights are reordered); a right with an effect gets its title and description written from the effect,
 * naming the theme or product it points at, which must exist. A right without an effect keeps the operator's words.
 */
export async function writtenRights(
  tx: Executor,
  repo: Pick<CatalogueAdminRepository, 'theme' | 'product'>,
  rights: Right[] | undefined,
): Promise<Right[] | undefined> {
  if (!rights) return rights;
  const out: Right[] = [];
  for (const [i, r] of rights.entries()) {
    const id = r.id ?? newId('rt');
    const e = r.effect ?? null;
    if (!e) {
      out.push({ id, title: r.title, description: r.description, effect: null });
      continue;
    }
    let theme: string | null = null;
    let product: string | null = null;
    if (e.kind === 'priority' && e.themeId) {
      theme = (await repo.theme(tx, e.themeId))?.name ?? null;
      if (!theme) throw invalid(`權益 ${i + 1}：找不到所選的卡冊`);
    }
    if (e.kind === 'free_item') {
      product = (await repo.product(tx, e.productId))?.name ?? null;
      if (!product) throw invalid(`權益 ${i + 1}：找不到所選的免費商品`);
    }
    const names = { theme, product };
    out.push({ id, title: perkTitle(e, names), description: describePerk(e, names), effect: e });
  }
  return out;
}
