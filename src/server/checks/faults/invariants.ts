import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sellTypeSql } from '../../db/sell-type-sql';
import { PACK_INVARIANTS } from './pack-invariants';

// The seed's `sell_type` of each side, written into the invariants' SQL.
const SELL = sellTypeSql('sell');
const BUY = sellTypeSql('buy');

/**
 * All-or-nothing, read from the tables: each query answers the rows that break the invariant (none when it
 * holds). Cards and goods made by test set-up directly (ref `test`) are left out of the order rules.
 */
export const INVARIANTS: Record<string, SQL> = {
  'minted count = cards of each card info': sql`
    select ci.id from card_infos ci left join cards c on c.card_info_id = ci.id
    group by ci.id, ci.minted having ci.minted <> count(c.id)`,
  'serials of each card info are 1..minted, once each': sql`
    select card_info_id from cards group by card_info_id
    having count(*) <> count(distinct serial) or min(serial) <> 1 or max(serial) <> count(*)`,
  // A pack series holds its pool's undrawn units until its seed is revealed (decision 043).
  'reserved editions = pending card orders + undrawn units of open pack pools': sql`
    select ci.id from card_infos ci
    where ci.reserved <> coalesce((select sum(quantity) from pay_orders o where o.card_info_id = ci.id and o.status = 'pending'), 0)
      + coalesce((select sum(p.remaining) from pack_pool p join pack_series s on s.id = p.series_id
                  where p.card_info_id = ci.id and s.revealed_at is null), 0)`,
  'sold and reserved stock = goods and pending product orders': sql`
    select p.id from products p
    where p.sold <> (select count(*) from goods g where g.product_id = p.id)
       or p.reserved <> coalesce((select sum(quantity) from pay_orders o where o.product_id = p.id and o.status = 'pending'), 0)`,
  'no paid card order without its cards': sql`
    select o.order_no from pay_orders o
    where o.type = 'card' and o.status = 'paid'
      and (select count(*) from card_events e where e.kind = 'minted' and e.ref_id = o.order_no) <> o.quantity`,
  'no paid product order without its goods': sql`
    select o.order_no from pay_orders o
    where o.type = 'product' and o.status = 'paid'
      and (select count(*) from goods_events e where e.kind = 'created' and e.ref_id = o.order_no) <> o.quantity`,
  'no card or goods from an order that is not paid': sql`
    select e.ref_id from card_events e where e.kind = 'minted' and e.via in ('drop', 'pack') and e.ref_id <> 'test'
      and not exists (select 1 from pay_orders o where o.order_no = e.ref_id and o.status = 'paid')
    union all
    select e.ref_id from goods_events e where e.kind = 'created'
      and not exists (select 1 from pay_orders o where o.order_no = e.ref_id and o.status = 'paid')`,
  // A bid order delivers nothing itself: it funds a buy listing (a bids order several); nor does an offer or top-up order.
  'a paid order keeps what it delivered': sql`
    select order_no from pay_orders
    where status = 'paid' and type not in ('bid', 'bids', 'offer', 'offer_topup') and jsonb_array_length(coalesce(fulfilment->'cards', '[]'::jsonb)) + jsonb_array_length(coalesce(fulfilment->'goods', '[]'::jsonb))
      <> case when type = 'set' -- a set order (decision 042) is one order of several cards: a sold unit each (decision 049)
           then (select count(*) from sale_items si join sales s on s.id = si.sale_id where s.order_no = pay_orders.order_no)
           when type = 'pack' then quantity * (select cards_per_pack from pack_series ps where ps.id = pay_orders.listing_id)
           else quantity end`,
  'a code is used exactly when it minted one card': sql`
    select x.id from exchange_codes x
    where (select count(*) from card_events e where e.kind = 'minted' and e.via = 'code' and e.ref_id = x.id) <> (case when x.status = 'used' then 1 else 0 end)
       or (x.status = 'used') <> (x.used_by is not null)`,
  'no consumed set without its B card, no B card without its set': sql`
    select c.id from cards c where c.status = 'consumed'
      and not exists (select 1 from card_events e join theme_exchanges t on t.id = e.ref_id where e.card_id = c.id and e.kind = 'consumed')
    union all
    select e.ref_id from card_events e where e.kind = 'minted' and e.via = 'set_exchange'
      and not exists (select 1 from theme_exchanges t where t.id = e.ref_id and t.b_card_id = e.card_id)
    union all
    select t.id from theme_exchanges t
      where not exists (select 1 from card_events e where e.kind = 'consumed' and e.ref_id = t.id)`,
  'an order is settled by at most one event': sql`
    select order_no from payment_events where outcome = 'settled' group by order_no having count(*) > 1`,
  'a pending or paid discounted order has its one perk use, and every use its order': sql`
    select o.order_no from pay_orders o where o.discount_cents > 0 and o.status in ('pending', 'paid')
      and (select count(*) from perk_uses u where u.order_no = o.order_no) <> 1
    union all
    select u.order_no from perk_uses u where not exists (
      select 1 from pay_orders o where o.order_no = u.order_no and o.status in ('pending', 'paid') and o.discount_cents = u.saving_cents)`,
  'a paid discounted order has its discount posting, and only it': sql`
    select o.order_no from pay_orders o where o.status = 'paid' and o.discount_cents > 0
      and not exists (select 1 from ledger_postings p where p.kind = 'perk_discount' and p.ref_id = o.order_no)
    union all
    select p.ref_id from ledger_postings p where p.kind = 'perk_discount'
      and not exists (select 1 from pay_orders o where o.order_no = p.ref_id and o.status = 'paid' and o.discount_cents > 0)`,
  'every ledger posting nets to zero': sql`
    select posting_id from ledger_entries group by posting_id having sum(amount) <> 0`,
  'cached balances = sum of their entries': sql`
    select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  'a listed or reserved card has its one open listing, by its owner': sql`
    select c.id from cards c where c.status in ('listed', 'reserved')
      and (select count(*) from listings l where l.item_id = c.id and l.sell_type = ${SELL} and l.user_id = c.owner_id
           and l.status = case c.status when 'listed' then 'active' else 'reserved' end) <> 1
    union all
    select l.id from listings l join cards c on c.id = l.item_id
    where l.sell_type = ${SELL} and l.kind = 'card' and l.status in ('active', 'reserved')
      and (c.owner_id <> l.user_id or c.status <> case l.status when 'active' then 'listed' else 'reserved' end)`,
  // Whatever its way (bought, a set completed, an offer accepted: decision 049), a sold listing has its one sale to
  // its counterparty and the transfer that sale names (its pay order's, or its offer's); its posting is the sale's.
  'no sold listing without its transfer, its completed sale and its posting': sql`
    select l.id from listings l where l.status = 'sold' and l.sell_type = ${SELL} and l.kind = 'card'
      and not exists (
        select 1 from sales s join sale_items si on si.sale_id = s.id
        where s.listing_id = l.id and s.seller_id = l.user_id and s.buyer_id = l.counterparty_id and si.item_id = l.item_id
          and s.posting_kind is not null
          and exists (select 1 from card_events e where e.kind = 'transferred' and e.card_id = l.item_id
                      and e.to_user_id = s.buyer_id and e.ref_id in (s.order_no, s.source_id)))
    union all
    select l.id from listings l where l.sell_type = ${SELL} and l.status <> 'sold'
      and exists (select 1 from sales s where s.listing_id = l.id)
    union all
    select l.id from listings l where l.sell_type = ${BUY}
      and ((l.status = 'sold') <> (l.filled = l.quantity)
        or l.filled <> (select count(*) from sales s where s.listing_id = l.id and s.way = 'bid'))`,
  // A buy listing of n copies is filled once per copy: fill k (k > 1) is keyed '<listing>:<k>'.
  'every fill of a buy listing has its transfer and its posting': sql`
    select s.id from sales s join sale_items si on si.sale_id = s.id join listings l on l.id = s.listing_id
    where l.sell_type = ${BUY} and s.way = 'bid' and s.kind = 'card' and (
      not exists (select 1 from card_events e where e.kind = 'transferred' and e.card_id = si.item_id
                  and (e.ref_id = l.id or e.ref_id like l.id || ':%') and e.to_user_id = l.user_id)
      or (select count(*) from ledger_postings p where p.kind = 'bid_fill' and (p.ref_id = l.id or p.ref_id like l.id || ':%')) <> l.filled)`,
  'no item moved, sale completed or seller credited without a sold listing or a fill': sql`
    select e.id from card_events e where e.kind = 'transferred' and e.via = 'market'
      and not exists (select 1 from listings l where l.status = 'sold' and l.sell_type = ${SELL} and l.item_id = e.card_id and l.reserved_order_no = e.ref_id)
      and not exists (select 1 from sales s join sale_items si on si.sale_id = s.id join listings l on l.id = s.listing_id
                      where l.sell_type = ${BUY} and s.way = 'bid' and si.item_id = e.card_id and (e.ref_id = l.id or e.ref_id like l.id || ':%'))
      and not exists (select 1 from offers o where o.status = 'accepted' and o.id = e.ref_id and o.item_id = e.card_id)
    union all
    select s.id from sales s where s.listing_id is not null
      and not exists (select 1 from listings l where l.id = s.listing_id and (l.status = 'sold' or (l.sell_type = ${BUY} and l.filled > 0)))
    union all
    select p.id from ledger_postings p where p.kind = 'market_sale'
      and not exists (select 1 from listings l where l.status = 'sold' and l.reserved_order_no = p.ref_id)
    union all
    select p.id from ledger_postings p where p.kind = 'set_sale'
      and not exists (select 1 from listings l where l.status = 'sold' and l.reserved_order_no || ':' || l.user_id = p.ref_id)
    union all
    select p.id from ledger_postings p where p.kind = 'bid_fill'
      and not exists (select 1 from listings l where l.sell_type = ${BUY} and l.filled > 0 and (l.id = p.ref_id or p.ref_id like l.id || ':%'))`,
  // Offers (issue 24): an accept moves the item and books the sale together, or neither.
  'an offer is accepted exactly when its item moved and its sale was booked': sql`
    select o.id from offers o where o.status = 'accepted'
      and (not exists (select 1 from ledger_postings p where p.kind = 'offer_sale' and p.ref_id = o.id)
        or (not exists (select 1 from card_events e where e.kind = 'transferred' and e.ref_id = o.id)
            and not exists (select 1 from goods_events g where g.ref_id = o.id)))
    union all
    select p.id from ledger_postings p where p.kind = 'offer_sale'
      and not exists (select 1 from offers o where o.status = 'accepted' and o.id = p.ref_id)`,
  // The sale record (decision 049): every completed trade has its sale, and every sale that moved money its posting.
  'every paid selling order, completed market order and accepted offer has its sale, and every sale its posting': sql`
    select o.order_no from pay_orders o where o.status = 'paid' and o.type in ('card', 'product', 'pack', 'market', 'set')
      and not exists (select 1 from sales s where s.order_no = o.order_no)
    union all
    select m.id from market_orders m where m.status = 'completed' and not exists (select 1 from sales s where s.id = m.id)
    union all
    select o.id from offers o where o.status = 'accepted'
      and not exists (select 1 from sales s where s.source_kind = 'offer' and s.source_id = o.id)
    union all
    select s.id from sales s where s.posting_kind is not null
      and not exists (select 1 from ledger_postings p where p.kind = s.posting_kind and p.ref_id = s.posting_ref)`,
  // A set order's cards from the mall (issue 44) are minted, not moved: one of only mall cards bought no listing.
  'no paid market order without the item moved to its buyer': sql`
    select o.order_no from pay_orders o where o.type in ('market', 'set') and o.status = 'paid'
      and (o.type = 'market' or exists (select 1 from market_orders m where m.order_no = o.order_no))
      and not exists (select 1 from market_orders m join listings l on l.id = m.listing_id
                      where m.order_no = o.order_no and m.status = 'completed' and l.status = 'sold' and l.reserved_order_no = o.order_no)`,
  'every market summary counts exactly the open listings of its item': sql`
    with live as (
      select kind, case kind when 'card' then card_info_id else product_id end as ref_id,
        (count(*) filter (where sell_type = ${SELL}))::int as ask_count, min(price) filter (where sell_type = ${SELL}) as ask_min,
        (count(*) filter (where sell_type = ${BUY}))::int as bid_count, max(price) filter (where sell_type = ${BUY}) as bid_max
      from listings where status = 'active' group by 1, 2)
    select coalesce(s.ref_id, l.ref_id) as ref_id from market_summaries s full join live l on l.kind = s.kind and l.ref_id = s.ref_id
    where (coalesce(s.ask_count, 0), s.ask_min, coalesce(s.bid_count, 0), s.bid_max) is distinct from (coalesce(l.ask_count, 0), l.ask_min, coalesce(l.bid_count, 0), l.bid_max)`,
  // Search reads these figures on its docs (decision 031, migration 0019): the summary's refresh copies them.
  "every card's and product's search doc carries its market summary's figures": sql`
    select d.ref_id from search_docs d left join market_summaries s on s.kind = d.kind and s.ref_id = d.ref_id
    where d.kind in ('card', 'goods')
      and (d.ask_count, d.ask_min, d.bid_count, d.bid_max) is distinct from (coalesce(s.ask_count, 0), s.ask_min, coalesce(s.bid_count, 0), s.bid_max)`,
  // A repriced bid (market/editPrice) moves its escrow in the same transaction as its price.
  // Open offers (issue 24) hold their buyer's last price in the same escrow account.
  "each bidder's escrow = what their active bids still ask for and their open offers hold": sql`
    select a.id from ledger_accounts a where a.type = 'escrow'
      and a.balance <> coalesce((select sum(l.price * (l.quantity - l.filled)) from listings l where l.sell_type = ${BUY} and l.status = 'active' and l.user_id = a.user_id), 0)
        + coalesce((select sum(o.held) from offers o where o.status = 'open' and o.buyer_id = a.user_id), 0)
    union all
    select l.user_id from listings l where l.sell_type = ${BUY} and l.status = 'active'
      and not exists (select 1 from ledger_accounts a where a.type = 'escrow' and a.user_id = l.user_id)
    union all
    select o.id from offers o where o.status <> 'open' and o.held <> 0`,
  'a listing at version n has n − 1 price changes, the last at its price': sql`
    select l.id from listings l
    where l.version <> 1 + (select count(*) from listing_versions v where v.listing_id = l.id)
       or (l.version > 1 and l.price <> (select v.price from listing_versions v where v.listing_id = l.id and v.version = l.version))`,
  ...PACK_INVARIANTS,
};

/** The names of the invariants that do not hold, with a few offending rows each. */
export async function brokenInvariants(db: Db): Promise<string[]> {
  const broken: string[] = [];
  for (const [name, query] of Object.entries(INVARIANTS)) {
    const rows = ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    if (rows.length > 0) broken.push(`${name}: ${JSON.stringify(rows.slice(0, 3))}`);
  }
  return broken;
}
