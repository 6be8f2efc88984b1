import { sql, type SQL } from 'drizzle-orm';

/** Mystery packs (decision 043), read from the tables: each query answers the rows that break the rule. */
export const PACK_INVARIANTS: Record<string, SQL> = {
  'a pack series counts exactly its pending, paid and drawn packs': sql`
    select s.id from pack_series s
    where s.packs_reserved <> coalesce((select sum(o.quantity) from pack_orders o where o.series_id = s.id and o.status = 'pending'), 0)
       or s.packs_sold <> coalesce((select sum(o.quantity) from pack_orders o where o.series_id = s.id and o.status = 'paid'), 0)
       or s.packs_drawn <> (select count(*) from pack_draws d where d.series_id = s.id)
       or s.packs_sold + s.packs_reserved > s.packs_total`,
  'a pack order is pending, paid or released with its pay order': sql`
    select o.order_no from pack_orders o join pay_orders p on p.order_no = o.order_no
    where o.status <> case p.status when 'pending' then 'pending' when 'paid' then 'paid' else 'released' end`,
  'a paid pack order has its draws, its minted cards and its sale booked': sql`
    select p.order_no from pay_orders p join pack_series s on s.id = p.listing_id
    where p.type = 'pack' and p.status = 'paid' and (
      (select count(*) from pack_draws d where d.order_no = p.order_no) <> p.quantity
      or (select count(*) from card_events e where e.kind = 'minted' and e.via = 'pack' and e.ref_id = p.order_no)
         <> p.quantity * s.cards_per_pack
      or not exists (select 1 from ledger_postings l where l.kind = 'mall_sale' and l.ref_id = p.order_no))`,
  "a pool line's drawn units = the cards its draws name": sql`
    select pl.series_id from pack_pool pl
    where pl.count - pl.remaining <> (select count(*) from pack_draws d, jsonb_array_elements_text(d.card_info_ids) c(id)
                                      where d.series_id = pl.series_id and c.id = pl.card_info_id)`,
  'a revealed series holds no pending packs and shows its seed': sql`
    select s.id from pack_series s where s.revealed_at is not null and (s.packs_reserved > 0 or s.revealed_seed is null)`,
};
