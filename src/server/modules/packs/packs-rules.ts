import type { SaleState } from '../../../shared/sale-states';
import { formatHkDateTime } from '../../../shared/hk-time';
import type { Rarity } from '../../../shared/constants';
import type { Executor, Tx } from '../../db/client';
import type { Keys } from '../../adapters/keys';
import type { Vault } from '../../adapters/vault';
import { conflict, type AppError } from '../../errors';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { PackSeriesRow, PacksRepository, PoolLineRow } from './packs.repository';

/** Where a series stands now: closed or revealed is `ended`, as is a window that has passed. */
export function packSaleState(s: PackSeriesRow, now: Date): SaleState {
  if (s.closedAt || s.revealedAt) return 'ended';
  if (s.saleStartsAt && now < s.saleStartsAt) return 'upcoming';
  if (s.saleEndsAt && now >= s.saleEndsAt) return 'ended';
  if (s.packsSold + s.packsReserved >= s.packsTotal) return 'sold_out';
  return 'on_sale';
}

/** Why a pack cannot be ordered now, as a 409 in zh-HK; null when it can. */
export function packRefusal(s: PackSeriesRow, now: Date): AppError | null {
  switch (packSaleState(s, now)) {
    case 'upcoming':
      return conflict(`此卡包尚未開售，開售時間為 ${formatHkDateTime(s.saleStartsAt!)}`);
    case 'ended':
      return conflict('此卡包的發售已結束');
    case 'sold_out':
      return conflict('此卡包已售罄', 'sold_out');
    default:
      return null;
  }
}

/** Packs anyone can still order. */
export const packsLeft = (s: PackSeriesRow) => Math.max(0, s.packsTotal - s.packsSold - s.packsReserved);

/**
 * The seed may be published once no pack can be drawn any more: sold out, closed or past its window, **and** no
 * pending order holds packs (its buyer, knowing the seed, could choose whether to pay).
 */
export function revealDue(s: PackSeriesRow, now: Date): boolean {
  if (s.revealedAt || s.packsReserved > 0) return false;
  return s.packsSold >= s.packsTotal || s.closedAt !== null || (s.saleEndsAt !== null && now >= s.saleEndsAt);
}

/** The per-series pseudonym of a buyer in the published draws. */
export const buyerTag = (keys: Keys, seriesId: string, buyerId: string) =>
  keys.hmac('packBuyer', `${seriesId}:${buyerId}`).slice(0, 12);

export interface RevealDeps {
  repo: PacksRepository;
  vault: Vault;
  catalogue: Pick<CatalogueService, 'release' | 'cardInfosById'>;
}

/** A pool line with its card info's face and rarity. */
export type PoolRow = PoolLineRow & { name: string; image: string; rarity: Rarity };

/** The pool of a series in its fixed order, with its card infos' faces (read through the catalogue). */
export async function loadPool(d: Pick<RevealDeps, 'repo' | 'catalogue'>, db: Executor, seriesId: string) {
  const lines = await d.repo.pool(db, seriesId);
  const infos = new Map(
    (
      await d.catalogue.cardInfosById(
        db,
        lines.map((l) => l.cardInfoId),
      )
    ).map((i) => [i.id, i]),
  );
  return lines.map((l): PoolRow => {
    const i = infos.get(l.cardInfoId)!;
    return { ...l, name: i.name, image: i.image, rarity: i.rarity };
  });
}

/**
 * Publishes the seed of a series whose draws are over (the caller holds its row lock, `s` read under it), and gives
 * the pool's undrawn units back to their card infos' editions. True when it revealed now.
 */
export async function revealIfDue(d: RevealDeps, tx: Tx, s: PackSeriesRow, now: Date): Promise<boolean> {
  if (!revealDue(s, now)) return false;
  if (!(await d.repo.reveal(tx, s.id, d.vault.open(s.seedKeyId, s.seedCipher), now))) return false;
  for (const line of await loadPool(d, tx, s.id)) {
    if (line.remaining > 0 && !(await d.catalogue.release(tx, { kind: 'card', id: line.cardInfoId }, line.remaining)))
      throw conflict(`卡牌「${line.name}」的保留數量不足，無法退回卡包餘下的 ${line.remaining} 張`);
  }
  return true;
}
