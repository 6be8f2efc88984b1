import { DRAWS_PAGE_MAX, type PackDraw, type PackDraws } from '../../../../shared/schemas/packs';
import { get, isFailure, type Failure } from '../../../lib/request';

/** GET pack/draws?id=&after=: one page of a series' published draws, by nonce. */
const getDrawsPage = (id: string, after: number) =>
  get<PackDraws>('pack/draws', { id, after, limit: DRAWS_PAGE_MAX }, { loading: false });

/** Every published draw of a series, page after page (the verifier replays them all, in nonce order). */
export async function getAllPackDraws(id: string): Promise<(PackDraws & { draws: PackDraw[] }) | Failure> {
  const first = await getDrawsPage(id, 0);
  if (isFailure(first)) return first;
  const draws = [...first.draws];
  let next = first.next;
  while (next !== null) {
    const page = await getDrawsPage(id, next);
    if (isFailure(page)) return page;
    draws.push(...page.draws);
    next = page.next;
  }
  return { ...first, draws, next: null };
}
