import { formatHkd } from '../../shared/money';
import type { MarketDetail, MarketOrder } from '../../shared/schemas/market';
import type { MarketOrderDetail, DeskListing } from '../../shared/schemas/market-desk';
import type { NotificationPage } from '../../shared/schemas/notifications';
import type { PayOrder } from '../../shared/schemas/pay-orders';
import type { PortfolioSummary } from '../../shared/schemas/portfolio';
import type { PriceHistory } from '../../shared/schemas/prices';
import type { Feedback, MyFeedback } from '../../shared/schemas/standing';
import { ask, differ, listingSale, type Kit, type Reader, type Seen, type Trade, type User } from './sale-views-kit';
import { SELL_TYPE } from '../../shared/market-labels';

/**
 * The consistency matrix's readers (issue 44): every view of a completed trade, asked through the API as its user
 * would ask it. Each answers what it shows wrong (nothing: it shows the trade with the right amounts). This file: the
 * traders' own views; sale-views-office.ts: the back office's and the books.
 */

const isMarket = (t: Trade) => t.seller !== null;
/** What the buyer paid, as a pay order shows it. */
const paid = (t: Trade) => ({ listAmount: t.price, discount: t.discount, amount: t.price - t.discount });
/** The price and what the seller keeps of it, as a market order shows them. */
const proceeds = (t: Trade) => ({ price: t.price, fee: t.fee, proceeds: t.price - t.fee });
const sides = (t: Trade) =>
  [
    [t.buyer, 'buyer'],
    [t.seller!, 'seller'],
  ] as const;
const unitIds = (t: Trade) => new Set(t.units.map((u) => u.itemId));

/** A market order row of this trade (a unit of it, between these two users) as one side's list shows it. */
async function marketRow(
  k: Kit,
  t: Trade,
  seen: Seen,
  u: User,
  path: string,
  query: Record<string, string>,
  out: string[],
) {
  const rows = await ask(k.get<MarketOrder[]>(u, path, { ...query, pageSize: 50 }), path, out);
  if (!rows) return;
  const other = u === t.buyer ? t.seller! : t.buyer;
  const row = rows.find((r) => unitIds(t).has(r.itemId ?? '') && r.counterparty.id === other.userId);
  if (!row) return out.push(`${path} ${JSON.stringify(query)}: no row of the trade (${rows.length} rows)`);
  // The order detail and the rating are opened with the row's id: it is the sale's.
  if (seen.sale && row.id !== seen.sale.id) out.push(`${path} row id ${row.id} is not the sale's ${seen.sale.id}`);
  out.push(
    ...differ(`${path} row`, row, {
      status: 'completed',
      way: t.way,
      ...proceeds(t),
      cardInfoId: t.item.cardInfoId,
    }),
  );
}

/** A new notification of `u` saying everything in `texts`. */
async function notice(k: Kit, u: User, texts: string[], before: Set<string>, out: string[]) {
  const page = await ask(k.get<NotificationPage>(u, 'notification/list', { pageSize: 50 }), 'notification/list', out);
  if (!page) return;
  const fresh = page.list.filter((n) => !before.has(n.id));
  if (!fresh.some((n) => texts.every((s) => `${n.title} ${n.body}`.includes(s))))
    out.push(
      `notification/list: no new notification saying ${texts.join(' + ')} (new: ${JSON.stringify(fresh.map((n) => n.body))})`,
    );
}

export const TRADER_READERS: Reader[] = [
  {
    id: 'buyer history',
    asks: 'payOrder/list?type= (卡牌訂單 / 商城商品), market/orderList?role=buyer and card|goods/marketBuyList (市場買入)',
    async check(k, t, seen) {
      const out: string[] = [];
      if (isMarket(t)) {
        await marketRow(k, t, seen, t.buyer, 'market/orderList', { role: 'buyer' }, out);
        await marketRow(k, t, seen, t.buyer, `${t.item.kind}/marketBuyList`, {}, out);
        return out;
      }
      const o = t.order!;
      const rows = await ask(
        k.get<PayOrder[]>(t.buyer, 'payOrder/list', { type: o.type, pageSize: 50 }),
        'payOrder/list',
        out,
      );
      const row = rows?.find((r) => r.orderNo === o.no);
      if (rows && !row) out.push(`payOrder/list?type=${o.type}: no row of order ${o.no}`);
      if (row) out.push(...differ('payOrder/list row', row, { status: 'paid', quantity: o.quantity, ...paid(t) }));
      return out;
    },
  },
  {
    id: 'order detail',
    asks: 'payOrder/info (mall), market/orderDetail?id=<sale> as buyer and as seller (market)',
    async check(k, t, seen) {
      const out: string[] = [];
      if (!isMarket(t)) {
        const o = await ask(k.get<PayOrder>(t.buyer, 'payOrder/info', { orderNo: t.order!.no }), 'payOrder/info', out);
        if (!o) return out;
        out.push(...differ('payOrder/info', o, { status: 'paid', ...paid(t) }));
        const shown = new Set([...o.cards.map((c) => c.id), ...o.goods.map((g) => g.id)]);
        const left = t.units.filter((u) => !shown.has(u.itemId));
        if (left.length) out.push(`payOrder/info: ${left.length} of ${t.units.length} units not listed on the order`);
        return out;
      }
      if (!seen.sale) return ['no sale record to open (market/orderDetail takes the sale id)'];
      for (const [u, role] of sides(t)) {
        const d = await ask(
          k.get<MarketOrderDetail>(u, 'market/orderDetail', { id: seen.sale.id }),
          `market/orderDetail as ${role}`,
          out,
        );
        if (d)
          out.push(
            ...differ(`market/orderDetail as ${role}`, d, {
              role,
              status: 'completed',
              way: t.way,
              itemId: t.units[0]!.itemId,
              ...proceeds(t),
            }),
          );
      }
      return out;
    },
  },
  {
    id: 'seller history',
    asks: 'market/orderList?role=seller (市場賣出)',
    async check(k, t, seen) {
      const out: string[] = [];
      await marketRow(k, t, seen, t.seller!, 'market/orderList', { role: 'seller' }, out);
      return out;
    },
  },
  {
    id: 'desk',
    asks: "market/mine?view=ended&sell_type= as the listing's owner (/my/market: 已成交, and its sale)",
    async check(k, t, seen) {
      const out: string[] = [];
      const l = t.listing!;
      const query = { view: 'ended', sell_type: SELL_TYPE[l.sellType], pageSize: 50 };
      const rows = await ask(k.get<DeskListing[]>(l.owner, 'market/mine', query), 'market/mine', out);
      const row = rows?.find((r) => r.id === l.id);
      if (rows && !row) {
        const open = await k.get<DeskListing[]>(l.owner, 'market/mine', { ...query, view: 'open' });
        const there = open.data?.find((r) => r.id === l.id);
        out.push(`market/mine: listing ${l.id} not among the ended${there ? ` (still open, ${there.status})` : ''}`);
      }
      // A bid says how many it wanted and how many were filled (求購 2 張): all of them, once sold.
      if (row)
        out.push(
          ...differ('market/mine listing', row, {
            status: 'sold',
            ...(l.sellType === 'buy' ? { filled: l.quantity } : {}),
          }),
          ...listingSale('market/mine listing', row, t, seen),
        );
      return out;
    },
  },
  {
    id: 'market price',
    asks: 'cardInfo|product/priceHistory and market/detail?cardInfoId|productId (市場價, 最近成交)',
    async check(k, t) {
      const out: string[] = [];
      for (const p of t.priced) {
        const path = p.kind === 'card' ? 'cardInfo/priceHistory' : 'product/priceHistory';
        const h = await ask(k.get<PriceHistory>(t.buyer, path, { id: p.id, range: '30d' }), path, out);
        const key = p.kind === 'card' ? 'cardInfoId' : 'productId';
        const d = await ask(k.get<MarketDetail>(t.buyer, 'market/detail', { [key]: p.id }), 'market/detail', out);
        if (!h || !d) continue;
        if (isMarket(t)) {
          // A trade between users is a sale of the market: counted at its price, and the last one.
          if (!h.sales.some((s) => s.price === t.price && !s.excluded))
            out.push(`${path}: no counted sale at ${formatHkd(t.price)} (${JSON.stringify(h.sales)})`);
          if (h.marketPrice.price !== t.price)
            out.push(`${path}: marketPrice ${h.marketPrice.price}, expected ${t.price}`);
          if (d.lastSale?.price !== t.price)
            out.push(`market/detail: lastSale ${JSON.stringify(d.lastSale)}, expected ${t.price}`);
          if (!d.sales.some((s) => s.price === t.price)) out.push(`market/detail: sales leave out ${t.price}`);
        } else if (h.sales.length || h.marketPrice.price !== null || d.lastSale || d.sales.length) {
          // The platform's sales and codes are not market trades: the market price leaves them out (decision 032).
          out.push(`${path} / market/detail of ${p.id} count a sale that is not a trade between users`);
        }
      }
      return out;
    },
  },
  {
    id: 'rating',
    asks: 'market/feedback/mine?orderId=<sale> for both sides, market/feedback/create by both, market/feedback/list',
    async check(k, t, seen) {
      if (!seen.sale) return ['no sale record to rate'];
      const out: string[] = [];
      const orderId = seen.sale.id;
      for (const [u, role] of sides(t)) {
        const mine = await ask(
          k.get<MyFeedback>(u, 'market/feedback/mine', { orderId }),
          `market/feedback/mine as ${role}`,
          out,
        );
        if (mine && !mine.canCreate) out.push(`market/feedback/mine as ${role}: canCreate false`);
        await ask(
          k.post<Feedback>(u, 'market/feedback/create', { orderId, rating: 'up', comment: '矩陣好評' }),
          `market/feedback/create by ${role}`,
          out,
        );
      }
      const got = await ask(
        k.get<Feedback[]>(null, 'market/feedback/list', { id: t.seller!.userId }),
        'market/feedback/list',
        out,
      );
      if (got && !got.some((f) => f.author.id === t.buyer.userId && f.authorRole === 'buyer'))
        out.push("market/feedback/list: the buyer's feedback is not among the seller's");
      return out;
    },
  },
  {
    id: 'portfolio cost',
    asks: "portfolio/summary as the buyer: each unit's cost and cost rule",
    async check(k, t) {
      const out: string[] = [];
      const s = await ask(k.get<PortfolioSummary>(t.buyer, 'portfolio/summary'), 'portfolio/summary', out);
      for (const u of t.units) {
        const item = s?.list.find((i) => i.itemId === u.itemId);
        if (s && !item) out.push(`portfolio/summary: unit ${u.itemId} not listed`);
        if (item)
          out.push(
            ...differ(`portfolio/summary unit #${u.serial ?? '-'}`, item, { cost: u.cost, costRule: t.costRule }),
          );
      }
      return out;
    },
  },
  {
    id: 'realised profit',
    asks: 'portfolio/summary as the seller: realised before and after the trade',
    async check(k, t, seen) {
      const out: string[] = [];
      const s = await ask(k.get<PortfolioSummary>(t.seller!, 'portfolio/summary'), 'portfolio/summary', out);
      const want = t.price - t.fee - t.sellerCost;
      const got = s ? s.realised - (seen.before.sellerRealised ?? 0) : null;
      if (s && got !== want)
        out.push(
          `portfolio/summary: realised moved by ${got} (${formatHkd(got!)}), expected ${want} (${formatHkd(want)})`,
        );
      return out;
    },
  },
  {
    id: 'buyer notice',
    asks: 'notification/list as the buyer (new since the set-up)',
    async check(k, t, seen) {
      const out: string[] = [];
      await notice(k, t.buyer, t.notices.buyer ?? [], seen.before.noticeIds.buyer, out);
      return out;
    },
  },
  {
    id: 'seller notice',
    asks: 'notification/list as the seller (new since the set-up)',
    async check(k, t, seen) {
      const out: string[] = [];
      await notice(k, t.seller!, t.notices.seller ?? [], seen.before.noticeIds.seller, out);
      return out;
    },
  },
];
