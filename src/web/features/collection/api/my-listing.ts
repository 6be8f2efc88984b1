import type { Listing } from '../../../../shared/schemas/market';
import { get, isFailure, type Failure } from '../../../lib/request';
import { SELL_TYPE } from '../../../../shared/market-labels';

const PAGE = 50;

/** The active sell listing of one of the user's cards (market/myList), or null when it has none. */
export async function findActiveListing(cardId: string): Promise<Listing | null | Failure> {
  for (let page = 1; page <= 20; page += 1) {
    const rows = await get<Listing[]>(
      'market/myList',
      { sell_type: SELL_TYPE.sell, status: 'active', page, pageSize: PAGE },
      { loading: false },
    );
    if (isFailure(rows)) return rows;
    const hit = rows.find((l) => l.itemId === cardId);
    if (hit) return hit;
    if (rows.length < PAGE) return null;
  }
  return null;
}
