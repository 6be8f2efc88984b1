import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

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
  'reserved editions = pending card orders': sql`
    select ci.id from card_infos ci
    where ci.reserved <> coalesce((select sum(quantity) from pay_orders o where o.card_info_id = ci.id and o.status = 'pending'), 0)`,
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
    select e.ref_id from card_events e where e.kind = 'minted' and e.via = 'drop' and e.ref_id <> 'test'
      and not exists (select 1 from pay_orders o where o.order_no = e.ref_id and o.status = 'paid')
    union all
    select e.ref_id from goods_events e where e.kind = 'created'
      and not exists (select 1 from pay_orders o where o.order_no = e.ref_id and o.status = 'paid')`,
  'a paid order keeps what it delivered': sql`
    select order_no from pay_orders
    where status = 'paid' and jsonb_array_length(coalesce(fulfilment->'cards', '[]'::jsonb)) + jsonb_array_length(coalesce(fulfilment->'goods', '[]'::jsonb)) <> quantity`,
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
