import { RELIST_COOLDOWN_MS } from '../../../shared/constants';
import { formatHkDateTime } from '../../../shared/hk-time';
import { formatSerialRange, serialInRange } from '../../../shared/serial';
import type { Executor } from '../../db/client';
import { conflict, notFound, type AppError } from '../../errors';
import type { MarketContext } from './market-context';
import type { ItemSnapshot } from './market.read-model';
import type { ListingRow } from './market.repository';

const NOT_VERIFIED = '請先完成實名認證，才可以在市場交易';
const NO_PAYOUT = '請先設定收款帳戶，才可以出售';

const itemStatusRefusal: Record<string, string> = {
  listed: '此物品已在寄售中',
  reserved: '此物品正在交易中',
  consumed: '此卡牌已用於兌換，不能出售',
  delivering: '此物品正在配送中，不能出售',
  delivered: '此物品已提貨，不能出售',
};

/** Why an item of the seller cannot be listed or sold right now; null when it can. */
export function itemRefusal(item: ItemSnapshot, now: Date): AppError | null {
  if (item.status !== 'held') return conflict(itemStatusRefusal[item.status] ?? '此物品現在不能出售');
  if (item.acquiredVia === 'market' && now.getTime() - item.acquiredAt.getTime() < RELIST_COOLDOWN_MS) {
    return conflict(
      `市場購入的物品需持有 24 小時後才可再出售，可於 ${formatHkDateTime(new Date(item.acquiredAt.getTime() + RELIST_COOLDOWN_MS))} 後出售`,
      'cooldown',
    );
  }
  return null;
}

/** Why an item cannot fill a buy listing: another card info or product, or a serial outside the bid's range. */
export function bidMismatch(
  bid: Pick<ListingRow, 'kind' | 'cardInfoId' | 'productId' | 'serialMin' | 'serialMax'>,
  item: ItemSnapshot,
): AppError | null {
  if (bid.kind === 'goods')
    return item.productId === bid.productId ? null : conflict('此物品與求購的商品不符', 'mismatch');
  if (item.cardInfoId !== bid.cardInfoId) return conflict('此卡牌與求購的卡牌不符', 'mismatch');
  if (!serialInRange(item.serial, bid)) {
    const range = formatSerialRange(bid.serialMin, bid.serialMax);
    return conflict(`此求購只收序號 ${range} 的卡牌，你的卡牌序號為 #${item.serial ?? '—'}`, 'serial_out_of_range');
  }
  return null;
}

/** Who may trade, and which of their items: the rules buying, selling and filling share. */
export function createTraderRules({ svc, read }: Pick<MarketContext, 'svc' | 'read'>) {
  return {
    /** A trader is verified; a seller also has a payout account. */
    async requireTrader(db: Executor, userId: string, selling: boolean) {
      if (!(await svc.identity.isVerified(db, userId))) throw conflict(NOT_VERIFIED, 'not_verified');
      if (selling && !(await svc.identity.payoutAccount(db, userId))) throw conflict(NO_PAYOUT, 'no_payout_account');
    },

    /** The user's own item; someone else's is not found. */
    async ownItem(db: Executor, userId: string, kind: 'card' | 'goods', id: string) {
      const item = await read.item(db, kind, id);
      if (!item || item.ownerId !== userId) throw notFound(kind === 'card' ? '找不到此卡牌' : '找不到此物品');
      return item;
    },
  };
}
export type TraderRules = ReturnType<typeof createTraderRules>;
