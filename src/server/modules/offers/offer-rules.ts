import {
  OFFER_MAX_ROUNDS,
  type Offer,
  type OfferDetail,
  type OfferSide,
  type OfferSettings,
} from '../../../shared/schemas/offers';
import type { Executor } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { OffersContext } from './offers-context';
import type { OfferRoundRow, OfferRow } from './offers.repository';

/** What an owner's item refuses offers for, by its status (an offer on its sell listing aside). */
export const ITEM_STATUS_REFUSAL: Record<string, string> = {
  listed: '此物品正在寄售中，請在其掛單頁出價',
  reserved: '此物品正在交易中，暫時不能出價',
  consumed: '此卡牌已用於兌換，不能出價',
  delivering: '此物品正在配送中，不能出價',
  delivered: '此物品已提貨，不能出價',
  returned: '此物品已退款並退回平台，不能出價',
};

/**
 * Why a held item (no sell listing named) takes no offer now, with its reason code; null when it takes one. Issue 24:
 * an item listed, reserved, in delivery or consumed cannot take an offer, nor one whose owner switched offers off.
 */
export function heldRefusal(
  item: { status: string },
  settings: { allowOffers: boolean },
): { msg: string; reason: string } | null {
  if (item.status !== 'held')
    return { msg: ITEM_STATUS_REFUSAL[item.status] ?? '此物品現在不能出價', reason: 'unavailable' };
  if (!settings.allowOffers) return { msg: '物主不接受此物品的出價', reason: 'offers_off' };
  return null;
}

export const NOT_VERIFIED = '請先完成實名認證，才可以在市場交易';
export const NO_PAYOUT = '請先設定收款帳戶，才可以出售';

/** The caller's side of an offer; someone else's offer is not found. */
export function sideOf(offer: OfferRow | null, userId: string): { offer: OfferRow; side: OfferSide } {
  // An offer waiting for its payment is the buyer's alone: the owner has not been offered anything yet.
  const seller = offer?.sellerId === userId && offer.status !== 'pending_payment';
  if (!offer || (offer.buyerId !== userId && !seller)) throw notFound('找不到此出價');
  return { offer, side: offer.buyerId === userId ? 'buyer' : 'seller' };
}

/** An offer still open and not past its time. */
export function requireOpen(offer: OfferRow, now: Date): void {
  if (offer.status === 'pending_payment')
    throw conflict('此出價正等待付款：付款後才會送出；如不出價，請取消其付款訂單', 'awaiting_payment');
  if (offer.status !== 'open') throw conflict('此出價已結束', 'closed');
  if (offer.expiresAt <= now) throw conflict('此出價已過期', 'expired');
}

/** Only the side whose turn it is answers a price (counter, accept). */
export function requireTurn(offer: OfferRow, side: OfferSide): void {
  if (offer.turn !== side)
    throw conflict(side === 'buyer' ? '現在輪到物主回覆，請等候' : '現在輪到買家回覆，請等候', 'not_your_turn');
}

/** Whether another counter fits in the thread. */
export function requireRoundLeft(offer: OfferRow): void {
  if (offer.rounds >= OFFER_MAX_ROUNDS)
    throw conflict(`還價最多 ${OFFER_MAX_ROUNDS} 輪，請接受或拒絕此價格`, 'max_rounds');
}

/** An owner's settings of an item: a row of a former owner, or none, is the default (offers on, no auto-decline). */
export async function settingsOf(ctx: OffersContext, db: Executor, item: { id: string; ownerId: string }) {
  const row = await ctx.repo.settings(db, item.id);
  const own = row && row.ownerId === item.ownerId ? row : null;
  return { allowOffers: own?.allowOffers ?? true, autoDeclinePct: own?.autoDeclinePct ?? null };
}

/** The item's market price (cents), null without one. */
export async function marketPriceOf(
  ctx: OffersContext,
  item: { kind: 'card' | 'goods'; cardInfoId: string | null; productId: string | null },
): Promise<number | null> {
  const id = item.kind === 'card' ? item.cardInfoId : item.productId;
  if (!id) return null;
  return (await ctx.svc.prices.marketPrices(item.kind, [id])).get(id)?.price ?? null;
}

/** An offer as its buyer or owner sees it. */
export function offerView(o: OfferRow, userId: string): Offer {
  const role: OfferSide = o.buyerId === userId ? 'buyer' : 'seller';
  return {
    id: o.id,
    role,
    kind: o.kind,
    itemId: o.itemId!,
    cardInfoId: o.cardInfoId,
    productId: o.productId,
    listingId: o.listingId,
    itemName: o.itemName,
    itemImage: o.itemImage,
    serial: o.serial,
    editionSize: o.editionSize,
    status: o.status,
    closeReason: o.closeReason,
    price: o.price,
    turn: o.turn,
    myTurn: o.status === 'open' && o.turn === role,
    rounds: o.rounds,
    maxRounds: OFFER_MAX_ROUNDS,
    expiresAt: o.expiresAt.toISOString(),
    createdAt: o.createdAt.toISOString(),
    closedAt: o.closedAt?.toISOString() ?? null,
  };
}

export const detailView = (
  o: OfferRow,
  rounds: OfferRoundRow[],
  userId: string,
  marketPrice: number | null,
): OfferDetail => ({
  ...offerView(o, userId),
  thread: rounds.map((r) => ({ n: r.n, by: r.by, price: r.price, createdAt: r.createdAt.toISOString() })),
  marketPrice,
});

export type { OfferSettings };

/** The refusal of a second top-up order while one is still to pay (offer/accept answers the pending one). */
export const TOP_UP_PENDING = 'top_up_pending';
